import { z } from 'zod';
import {
  bool,
  id,
  idList,
  idParams,
  messageResponse,
  pageNumber,
  paginator,
  timestamp,
  updatedAtField,
} from './common';
import { defineCall } from './define';
import { scopeIds } from './users';

/** One stage: its name, who may move a page on from it (any of the roles or users), its due time. */
export const workflowStageFields = z
  .object({
    name: z
      .string('Name the stage.')
      .trim()
      .min(1, 'Name the stage.')
      .max(100, 'Use at most 100 characters.'),
    role_ids: scopeIds('roles'),
    user_ids: scopeIds('users'),
    due_hours: z.preprocess(
      (v) => (v === '' ? null : v),
      z.coerce
        .number('Enter a number of hours.')
        .int('Enter a whole number of hours.')
        .min(1, 'Enter at least 1 hour.')
        .max(8760, 'Enter at most 8760 hours (a year).')
        .nullable()
        .default(null),
    ),
    /** Whether a reviewer without an account may approve it from a share-preview link naming them. */
    external: bool.default(false),
  })
  .refine((stage) => stage.role_ids.length > 0 || stage.user_ids.length > 0, {
    path: ['role_ids'],
    message: 'Choose the roles or users who may approve this stage.',
    // Checked even when another of the stage's fields (its name) is refused, so every error shows at once.
    // A stage that is no object at all (nothing sent) is not checked.
    when: ({ issues }) =>
      !issues.some(
        (issue) => !issue.path?.length || ['role_ids', 'user_ids'].includes(String(issue.path[0])),
      ),
  });

/** The form (issue #28); the console and the server check it with the same schema. */
export const workflowFields = z.object({
  name: z
    .string('Name the workflow.')
    .trim()
    .min(1, 'Name the workflow.')
    .max(100, 'Use at most 100 characters.'),
  applies_to: z
    .object({
      page_ids: scopeIds('pages'),
      brand_ids: scopeIds('brands'),
      forms: bool.default(false),
    })
    .prefault({}),
  stages: z
    .array(workflowStageFields, 'Add at least one stage.')
    .min(1, 'Add at least one stage.')
    .max(20, 'Use at most 20 stages.'),
});
export type WorkflowValues = z.output<typeof workflowFields>;
export type WorkflowInput = z.input<typeof workflowFields>;

export const workflowStage = z.object({
  name: z.string(),
  role_ids: z.array(z.number().int()),
  user_ids: z.array(z.number().int()),
  due_hours: z.number().int().nullable(),
  external: z.boolean(),
});

export const workflow = z.object({
  id: z.number().int(),
  name: z.string(),
  applies_to: z.object({
    page_ids: z.array(z.number().int()),
    brand_ids: z.array(z.number().int()),
    forms: z.boolean(),
  }),
  stages: z.array(workflowStage),
  /** How many pages it governs now. */
  pages_count: z.number().int(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type Workflow = z.infer<typeof workflow>;

export const workflowsList = defineCall({
  method: 'GET',
  path: 'workflows',
  query: z.object({ page: pageNumber }),
  response: z.object({ workflows: paginator(workflow) }),
  summary: 'Review workflows, by name',
});

export const workflowsShow = defineCall({
  method: 'GET',
  path: 'workflows/show/:id',
  params: idParams,
  response: z.object({ data: workflow }),
  summary: 'One review workflow with its stages and what it applies to',
});

const saved = z.object({ id: z.number().int(), message: z.string() });

export const workflowsCreate = defineCall({
  method: 'POST',
  path: 'workflows/create',
  body: workflowFields,
  response: saved,
  summary: 'Adds a review workflow; the pages it applies to publish only once approved',
});

export const workflowsUpdate = defineCall({
  method: 'POST',
  path: 'workflows/update/:id',
  params: idParams,
  body: workflowFields,
  response: saved,
  summary: 'Changes a review workflow',
});

export const workflowsDelete = defineCall({
  method: 'POST',
  path: 'workflows/delete',
  body: z.object({ ids: idList('workflow') }),
  response: messageResponse,
  summary: 'Deletes review workflows; their pages publish as before',
});

export const calls = {
  list: workflowsList,
  show: workflowsShow,
  create: workflowsCreate,
  update: workflowsUpdate,
  delete: workflowsDelete,
};

/** Where a page under a workflow stands, as the builder shows it. */
export const review = z.object({
  workflow_id: z.number().int(),
  workflow_name: z.string(),
  /** `draft`: being edited or sent back; `in_review`: waiting in `stage`; `approved`: as approved. */
  state: z.enum(['draft', 'in_review', 'approved']),
  /** The stage's name ('Draft' and 'Approved' outside the stages). */
  stage: z.string(),
  /** The stage's place (0-based) while in review; null otherwise. */
  stage_index: z.number().int().nullable(),
  /** Who holds it: the stage's roles and users, or who submitted it when it came back. */
  holder: z.string(),
  since: timestamp,
  /** When the stage's due time runs out; null when it has none. */
  due_at: timestamp.nullable(),
  approved_revision_id: z.number().int().nullable(),
  /** The last reviewer's note. */
  comment: z.string().nullable(),
  /** Whether the signed-in user may approve or send back the stage it waits in. */
  can_review: z.boolean(),
});
export type Review = z.infer<typeof review>;

export const reviewBody = z.object({ id });
export const approveBody = z.object({
  id,
  comment: z.string().trim().max(2000, 'Use at most 2000 characters.').optional(),
  /** The version the reviewer saw (the `updated_at` their screen loaded): 409 when it was saved since. */
  updated_at: updatedAtField,
});
export const requestChangesBody = z.object({
  id,
  comment: z
    .string('Say what should change.')
    .trim()
    .min(1, 'Say what should change.')
    .max(2000, 'Use at most 2000 characters.'),
});
export const reviewResponse = z.object({ message: z.string(), review });

/** A page waiting in a stage, as the dashboard lists it. */
export const waitingPage = z.object({
  id: z.number().int(),
  name: z.string(),
  workflow_name: z.string(),
  stage: z.string(),
  since: timestamp,
  /** When its stage's due time runs out; null when the stage has none. */
  due_at: timestamp.nullable(),
  overdue: z.boolean(),
});
export type WaitingPage = z.infer<typeof waitingPage>;

/** How long a stage takes: the median from entering it to leaving it (approved on or sent back). */
export const stageMedian = z.object({
  workflow_name: z.string(),
  stage: z.string(),
  /** How many times pages left the stage. */
  count: z.number().int(),
  median_seconds: z.number().int(),
});
export type StageMedian = z.infer<typeof stageMedian>;
