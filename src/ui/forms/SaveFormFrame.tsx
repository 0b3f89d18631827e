import type { FormEvent, ReactNode, Ref } from 'react';
import { Button } from '../Button';
import { ButtonLink } from '../ButtonLink';
import { LeavePrompt } from '../LeavePrompt';
import { ConflictNotice } from './ConflictNotice';
import { FormLayout } from './FormLayout';
import { ReadOnlyFieldset } from './ReadOnlyFieldset';
import { formProps } from './useSaveForm';

/** What the frame needs of a save form (any `useSaveForm` result fits). */
export interface SaveFormFlow {
  form: Parameters<typeof formProps>[0];
  pending: boolean;
  conflict: string | null;
  onChange: (name: string) => void;
  /** Whether leaving now would lose what the user changed. */
  unsaved: () => boolean;
}

export interface SaveFormFrameProps {
  flow: SaveFormFlow;
  /** Where Cancel leads (the area's list). */
  cancelHref: string;
  /** Loads the record again after a conflict. */
  onReload?: () => void;
  children: ReactNode;
  className?: string;
  formRef?: Ref<HTMLFormElement>;
  /** Runs before the form's own submit handler (e.g. to show the tab with an error). */
  onBeforeSubmit?: (event: FormEvent<HTMLFormElement>) => void;
  /** The submit button's text; Save unless the form does something else (Import). */
  submitLabel?: string;
  /**
   * Why the user may not save ('Your role, Sales, cannot change settings.'): the form is read-only,
   * and Save stays, disabled with this reason (ui/disabledReason).
   */
  refusedReason?: string | null;
}

/**
 * The <form> of every validate-then-save screen: the conflict notice, the fields in a card,
 * Cancel and Save; a change to a field clears that field's server error. Leaving with changes not
 * saved (a link, Cancel, Back, closing the tab) asks first; a read-only form has none to lose.
 */
export function SaveFormFrame({
  flow,
  cancelHref,
  onReload,
  children,
  className,
  formRef,
  onBeforeSubmit,
  submitLabel = 'Save',
  refusedReason = null,
}: SaveFormFrameProps) {
  const props = formProps(flow.form);
  const readOnly = refusedReason !== null;
  return (
    <>
      <form
        {...props}
        ref={formRef}
        className={className}
        onSubmit={(event) => {
          if (readOnly) {
            event.preventDefault();
            return;
          }
          onBeforeSubmit?.(event);
          props.onSubmit(event);
        }}
        onChange={(event) => {
          const target = event.target as unknown as HTMLInputElement;
          if (target.name) flow.onChange(target.name);
        }}
      >
        {flow.conflict ? <ConflictNotice message={flow.conflict} onReload={onReload} /> : null}
        <FormLayout
          actions={
            <>
              <ButtonLink href={cancelHref} variant="ghost">
                Cancel
              </ButtonLink>
              <Button type="submit" variant="primary" isPending={flow.pending} disabledReason={refusedReason}>
                {submitLabel}
              </Button>
            </>
          }
        >
          <ReadOnlyFieldset readOnly={readOnly}>{children}</ReadOnlyFieldset>
        </FormLayout>
      </form>
      <LeavePrompt when={readOnly ? false : flow.unsaved} />
    </>
  );
}
