import { parseWithZod } from '@conform-to/zod/v4';
import { useState } from 'react';
import type { z } from 'zod';
import { fieldsDiff } from '@/shared/history/diff';
import type { FieldViews } from '@/shared/history/fieldViews';
import { firstField } from './focusAfterDialogs';
import { HistoryButton, type RevisionPage } from './HistoryButton';

/** Form values by field name, as the form's first values are given. */
export type FormValues = Record<string, unknown>;

/** What restoring needs of a save form (any `useSaveForm` result fits). */
export interface RestorableFlow {
  form: { id: string; value: unknown; update: (options: { value: never }) => void };
}

/** What the form's fields hold now, read as the save would read them (the raw text where that fails). */
function currentValues(flow: RestorableFlow, schema: z.ZodObject): unknown {
  const element = document.getElementById(flow.form.id);
  if (element instanceof HTMLFormElement) {
    const submission = parseWithZod(new FormData(element), { schema });
    if (submission.status === 'success') return submission.value;
  }
  return flow.form.value;
}

/** A revision's values read the same way, so a field saved as `1` and shown as 'on' compares equal. */
function revisionValues(values: FormValues, schema: z.ZodObject): unknown {
  const parsed = schema.safeParse(values);
  return parsed.success ? parsed.data : values;
}

/**
 * Loading a revision into a validate-then-save form: its values replace the form's, which then
 * holds unsaved changes (it keeps the version it loaded, so saving is checked as usual, and leaving
 * asks first, as after typing: SaveFormFrame). Parts of the form that keep their own state (a slug
 * that follows the name) start afresh under `round`.
 */
export function useFormRestore(flow: RestorableFlow) {
  const [round, setRound] = useState(0);
  return {
    round,
    restore: (values: FormValues) => {
      flow.form.update({ value: values as never });
      setRound((n) => n + 1);
    },
  };
}

export type FormRestore = ReturnType<typeof useFormRestore>;

export interface FormHistoryProps {
  flow: RestorableFlow;
  /** The form's schema: both sides are read through it before they are compared. */
  schema: z.ZodObject;
  restorer: FormRestore;
  list: (page: number) => Promise<RevisionPage>;
  /** A revision as the form's values (what its first values would be had it been loaded). */
  show: (revision: number) => Promise<FormValues>;
  /**
   * How the form shows its fields, by dotted field name: labels, Yes/No, dates, and a choice (a
   * brand, a make) by the name its select shows, so the comparison reads as the form does.
   */
  views?: FieldViews;
  /** Fields whose values are never shown (passwords): only that they changed. */
  secret?: readonly string[];
  /**
   * Why the user cannot save the form ('Your role, Read only, cannot update brands.'): a version
   * is then there to compare, not to load into a form that cannot save it.
   */
  restoreBlocked?: string | null;
}

/**
 * The History of a brand, dealership or settings form: compares a revision's fields with what
 * the form holds now and loads it as unsaved changes.
 */
export function FormHistory({
  flow,
  schema,
  restorer,
  list,
  show,
  views,
  secret = [],
  restoreBlocked = null,
}: FormHistoryProps) {
  return (
    <HistoryButton<FormValues>
      source={{ list, show }}
      current={() => currentValues(flow, schema) as FormValues}
      compare={(revision, current) => ({
        fields: fieldsDiff(revisionValues(revision, schema), current, {
          ignore: ['updated_at'],
          secret,
          ...(views ? { views } : {}),
        }),
        blocks: [],
      })}
      restore={restorer.restore}
      focusAfterRestore={() => firstField(document.getElementById(flow.form.id))}
      restoreBlocked={restoreBlocked}
    />
  );
}
