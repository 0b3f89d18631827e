import { z } from 'zod';
import { pageItem } from './blocks';
import {
  flag,
  flagValue,
  id,
  idQuery,
  listQuery,
  option,
  paginator,
  perPageQuery,
  requiredText,
  timestamp,
  updatedAtField,
  versionSavedResponse,
} from './common';
import { defineCall } from './define';
import { historyCalls } from './history';

/**
 * A block a child page starts with: a page item (spec §3 Template items{index, name}), with the
 * field values the new page is given, checked against the catalogue like a page's.
 */
export const templateItem = pageItem;

export const template = z.object({
  id: z.number().int(),
  name: z.string(),
  items: z.array(pageItem),
  locked: flagValue,
  /** Pages made from this template start locked. */
  lock_pages: flagValue,
  // Further child-related fields are not shown by the spec: pages made from it may hold children.
  is_allowed_children: flagValue,
  created_at: timestamp,
  updated_at: timestamp,
});
export type Template = z.infer<typeof template>;

export const templateSummary = template.pick({ id: true, name: true, locked: true });

/** The template builder form. */
export const templateFields = z.object({
  name: requiredText('Enter a name.'),
  items: z.array(templateItem).max(1000, 'Use at most 1000 blocks.').default([]),
  locked: flag.default(0),
  lock_pages: flag.default(0),
  is_allowed_children: flag.default(0),
});
export type TemplateInput = z.input<typeof templateFields>;
export type TemplateValues = z.output<typeof templateFields>;

export const templatesList = defineCall({
  method: 'GET',
  path: 'templates',
  query: listQuery.extend(perPageQuery.shape),
  // Shape not shown by the spec: one paginator under the area's key, as every list without a bin.
  response: z.object({ templates: paginator(templateSummary) }),
  summary: 'Templates, searched and paged, by name',
});

export const templatesShow = defineCall({
  method: 'GET',
  path: 'templates/show',
  query: idQuery,
  response: z.object({ data: template }),
  summary: 'One template (a child page preloads its items)',
});

export const templatesEdit = defineCall({
  method: 'GET',
  path: 'templates/edit',
  query: idQuery,
  response: z.object({ data: template }),
  summary: 'One template, for the builder',
});

export const templatesOptions = defineCall({
  method: 'GET',
  path: 'templates/list',
  response: z.object({ data: z.array(option) }),
  summary: 'Every template as a select option (the child template selector)',
});

export const templatesStore = defineCall({
  method: 'POST',
  path: 'templates/store',
  body: z.object({ data: templateFields }),
  response: versionSavedResponse,
  summary: 'Creates a template',
});

export const templatesUpdate = defineCall({
  method: 'POST',
  path: 'templates/update',
  body: z.object({ id, data: templateFields, updated_at: updatedAtField }),
  response: versionSavedResponse,
  summary: 'Updates a template; a stale updated_at gets 409',
});

/** Every call of this area, under the name the console's `api.templates` gives it. */
/** The revisions of one record: `templates/history` and `templates/history/show`. */
export const { history: templatesHistory, historyShow: templatesHistoryShow } = historyCalls(
  'templates',
  template,
);

export const calls = {
  history: templatesHistory,
  historyShow: templatesHistoryShow,
  list: templatesList,
  show: templatesShow,
  edit: templatesEdit,
  options: templatesOptions,
  store: templatesStore,
  update: templatesUpdate,
};
