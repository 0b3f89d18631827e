import { type FormMetadata, getFormProps, type SubmissionResult, useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import { fromPromise } from 'xstate';
import type { z } from 'zod';
import { currentInspect } from '@/machines/inspect';
import { type FormValues, saveMachine } from '@/machines/save';
import { toast } from '../toasts';
import { formConstraint } from './constraint';
import { unsavedFields } from './unsavedFields';

/** The server keys errors `team.0.name`; conform names that field `team[0].name`. */
export function toFormName(dotted: string): string {
  return dotted.replace(/\.(\d+)(?=\.|$)/g, '[$1]');
}

/** The schema plus the server's outstanding field errors, keyed by dotted path. */
function withServerErrors<S extends z.ZodObject>(schema: S, errors: Record<string, string>): S {
  const entries = Object.entries(errors);
  if (entries.length === 0) return schema;
  return schema.superRefine((_, ctx) => {
    for (const [key, message] of entries) {
      ctx.addIssue({
        code: 'custom',
        path: key.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part)),
        message,
      });
    }
  }) as S;
}

export interface SaveFormOptions<S extends z.ZodObject> {
  id: string;
  schema: S;
  defaultValue?: Record<string, unknown>;
  /** The validation call (users/validation ...); areas without one (pages, forms, templates) leave it out. */
  validate?: (values: z.output<S>) => Promise<unknown>;
  /** The save call (users/create ...), run only when validation passed. */
  save: (values: z.output<S>) => Promise<unknown>;
  onSaved: (result: { id: number | null }) => void;
}

/**
 * Validate-then-save for one form (spec §5): the schema checks in the browser first, then
 * the save machine posts to the validation call (when the area has one) and, only when it
 * passes, to the save call.
 * Server field errors come back into the same form under their fields; nothing typed is lost.
 */
export function useSaveForm<S extends z.ZodObject>(options: SaveFormOptions<S>) {
  const latest = useRef(options);
  latest.current = options;
  const actor = useActorRef(
    saveMachine.provide({
      actors: {
        // Only invoked when `validates` (below) is on, that is when a validation call was given.
        validate: fromPromise(async ({ input }) => latest.current.validate?.(input as z.output<S>)),
        save: fromPromise(({ input }) => latest.current.save(input as z.output<S>)),
      },
    }),
    { input: { validates: options.validate !== undefined }, inspect: currentInspect() },
  );
  const fieldErrors = useSelector(actor, (s) => s.context.fieldErrors);
  const reported = useSelector(actor, (s) => s.context.reported);
  const pending = useSelector(actor, (s) => s.matches('validating') || s.matches('saving'));
  const saved = useSelector(actor, (s) => s.matches('saved'));
  const savedId = useSelector(actor, (s) => s.context.savedId);
  const failure = useSelector(actor, (s) => (s.matches('failed') ? s.context.error : null));
  const conflict = useSelector(actor, (s) => s.context.conflict);

  const serverErrors = useRef(fieldErrors);
  serverErrors.current = fieldErrors;
  const savedNow = useRef(saved);
  savedNow.current = saved;

  const lastResult = useMemo<SubmissionResult<string[]> | undefined>(() => {
    const entries = Object.entries(fieldErrors);
    if (entries.length === 0) return undefined;
    const error = Object.fromEntries(entries.map(([key, message]) => [toFormName(key), [message]]));
    const validated = Object.fromEntries(Object.keys(error).map((key) => [key, true]));
    // The form focuses the first field in error of an 'error' result: an attempt's errors do that,
    // what is left of them as the user clears one (typing the fix, a name that changes the slug)
    // does not, or focus would leave the field being typed in.
    return { status: fieldErrors === reported ? 'error' : undefined, error, state: { validated } };
  }, [fieldErrors, reported]);

  useEffect(() => {
    if (failure && !conflict) toast.error(failure);
  }, [failure, conflict]);

  useEffect(() => {
    if (saved) latest.current.onSaved({ id: savedId });
  }, [saved, savedId]);

  const [form, fields] = useForm<z.input<S> & Record<string, unknown>>({
    id: options.id,
    lastResult,
    defaultValue: options.defaultValue as never,
    constraint: formConstraint(options.schema),
    shouldValidate: 'onSubmit',
    // Errors clear as the user types the fix, so nothing shifts under the pointer on its way to Save.
    shouldRevalidate: 'onInput',
    // While the user edits (a validate intent), errors only the server knows (a taken slug)
    // stay until their own field changes; a submit checks the schema alone and asks the server.
    // The submission's value type is the schema's output; conform types it by the form's input.
    onValidate: ({ formData }) =>
      parseWithZod(formData, {
        schema: (intent) =>
          intent ? withServerErrors(options.schema, serverErrors.current) : options.schema,
      }) as never,
    onSubmit(event, { submission }) {
      event.preventDefault();
      if (submission?.status === 'success')
        actor.send({ type: 'form.submit', values: submission.value as FormValues });
    },
  });

  return {
    form,
    fields,
    pending,
    conflict: conflict ? failure : null,
    /** The last save went through (until the next one starts). */
    saved,
    /** Clears a field's server error as soon as the user changes it. */
    onChange: (name: string) => actor.send({ type: 'form.change', name }),
    /**
     * Whether leaving now would lose what the user changed: read from the form as it is at the
     * moment of asking, and never once the save has gone through (its screen moves on).
     */
    unsaved: () => {
      const element = document.getElementById(options.id);
      if (savedNow.current || !(element instanceof HTMLFormElement)) return false;
      return unsavedFields(element, latest.current.defaultValue ?? {});
    },
  };
}

export type SaveForm<S extends z.ZodObject> = ReturnType<typeof useSaveForm<S>>;

/** The <form> element's props for any save form (conform's getFormProps, whatever the schema). */
export function formProps(form: {
  id: string;
  onSubmit: FormMetadata['onSubmit'];
  noValidate: boolean;
  errorId: string;
  errors?: string[];
  descriptionId: string;
}) {
  return getFormProps(form as FormMetadata);
}
