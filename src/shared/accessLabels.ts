import type { AccessAction, AccessArea } from './access';

/** Each area of a role's matrix as its row is labelled (the sidebar's words where it has them). */
export const areaLabels: Record<AccessArea, string> = {
  dashboard: 'Dashboard',
  pages: 'Pages',
  templates: 'Templates',
  forms: 'Forms',
  brands: 'Brands',
  dealerships: 'Dealerships',
  media: 'Media',
  responses: 'Responses',
  reservations: 'Reservations',
  users: 'Users',
  roles: 'Roles',
  settings: 'Settings',
  webhooks: 'Webhooks',
  workflows: 'Workflows',
  activity: 'Activity',
};

/** Each action as its column is labelled. */
export const actionLabels: Record<AccessAction, string> = {
  view: 'View',
  create: 'Create',
  update: 'Update',
  publish: 'Publish',
  delete: 'Delete',
  export: 'Export',
  import: 'Import',
  refund: 'Refund',
  manage: 'Manage',
};

/** The accessible name of one cell of the matrix: 'Pages: publish'. */
export const cellLabel = (area: AccessArea, action: AccessAction) =>
  `${areaLabels[area]}: ${actionLabels[action].toLowerCase()}`;
