import type { Option } from '@/api/contract/common';
import { choice, dateTime, type FieldViews, yesNo } from '@/shared/history/fieldViews';

/** How a page's children are ordered, as the 'Sort children by' select offers it. */
export const SORT_BY = [
  { id: 'sort_order', name: 'Sort order' },
  { id: 'published_at', name: 'Published date' },
];
export const SORT_MODE = [
  { id: 'asc', name: 'Ascending' },
  { id: 'desc', name: 'Descending' },
];

/** What the child template select offers besides the templates: no child template. */
export const NO_TEMPLATE = { id: 0, name: 'None' };

/**
 * The page-wide fields of a page or form as PageSettings shows them, in its order, for the History
 * panel: its labels, Yes/No for the 0/1 flags, times as the lists write them, and the brand and
 * child template by the names their selects show.
 */
export function pageSettingsViews(options: {
  brands: readonly Option[];
  templates: readonly Option[];
}): FieldViews {
  return {
    brand_id: { label: 'Brand', format: choice(options.brands) },
    name: { label: 'Name' },
    'meta.title': { label: 'Meta title' },
    'meta.description': { label: 'Meta description' },
    published: { label: 'Published', format: yesNo },
    published_at: { label: 'Published at', format: dateTime },
    unpublish_at: { label: 'Unpublish at', format: dateTime },
    locked: { label: 'Locked', format: yesNo },
    child_template_id: { label: 'Child template', format: choice([NO_TEMPLATE, ...options.templates]) },
    sort_by: { label: 'Sort children by', format: choice(SORT_BY) },
    sort_by_mode: { label: 'Sort direction', format: choice(SORT_MODE) },
    is_allowed_children: { label: 'Children allowed', format: yesNo },
    is_tree_recursive: { label: 'Tree recursive', format: yesNo },
  };
}
