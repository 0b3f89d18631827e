import { memo, useCallback, useEffect, useId, useRef, useState } from 'react';
import type { FieldValue, ItemSection, PageItem } from '@/api/contract/blocks';
import type { BuilderItem, BuilderSection } from '@/api/contract/builder';
import { BLOCK_ALWAYS_SHOWN, canHideBlock, canHideSection, sectionAlwaysShown } from '@/shared/hiding';
import { type FieldErrors, validateItem } from '@/shared/schema';
import { announce } from '@/ui/announce';
import { Button } from '@/ui/Button';
import { Confirm } from '@/ui/Confirm';
import { Field } from '@/ui/Field';
import { focusFirstInvalid } from '@/ui/focus/firstInvalid';
import { stateFieldMeta } from '@/ui/formProps';
import { ReadOnlyFields } from '@/ui/forms/ReadOnlyFieldset';
import { LeavePrompt } from '@/ui/LeavePrompt';
import styles from './BlockEditor.module.css';
import { Entries, Fields } from './SectionFields';

export interface BlockEditorProps {
  item: PageItem;
  definition: BuilderItem;
  onCancel: () => void;
  /** Told the edited item once it keeps to its definition. */
  onSave: (item: PageItem) => void;
  /** Told the block's unsaved state after each change, for a live preview. */
  onDraft?: ((item: PageItem) => void) | undefined;
  /** Errors the server gave this item on the last save, keyed from the item ('sections.hero.fields.title'). */
  errors?: FieldErrors;
  /** Opened to be read by someone who may not change it: its fields are read-only, and it only closes. */
  readOnly?: boolean;
}

const emptySection: ItemSection = { hidden: false, fields: {}, entries: [] };

/** What a block holds, to compare: whether an entry is shown expanded is the editor's view, not content. */
function contentOf(item: PageItem): string {
  const sections = Object.keys(item.sections)
    .sort()
    .map((key) => {
      const section = item.sections[key] as ItemSection;
      return [key, { ...section, entries: section.entries.map((entry) => entry.fields) }];
    });
  return JSON.stringify({ ...item, sections });
}

/**
 * Edits one placed block against its definition: its name, its sections' fields, the entries of
 * repeatable sections and its hide flags. Nothing reaches the page until Save, and Save keeps the
 * editor open with the field errors when the block breaks its definition.
 */
export function BlockEditor({
  item,
  definition,
  onCancel,
  onSave,
  onDraft,
  errors: serverErrors,
  readOnly = false,
}: BlockEditorProps) {
  const [draft, setDraft] = useState(item);
  // After the render that shows the change: a preview never holds up the field's own paint.
  useEffect(() => onDraft?.(draft), [onDraft, draft]);
  const [errors, setErrors] = useState<FieldErrors>(serverErrors ?? {});
  const prefix = useId();
  const editor = useRef<HTMLElement>(null);
  /** The last refused Save, new each time: focus then goes to its first invalid field. */
  const [refused, setRefused] = useState<{ message: string } | null>(null);
  const [askingCancel, setAskingCancel] = useState(false);
  useEffect(() => {
    // A field in a closed entry cannot take focus: its error is said instead.
    if (refused && !focusFirstInvalid(editor.current)) announce(refused.message);
  }, [refused]);

  // Stable, so a keystroke in one section renders that section again and not the others.
  const setSection = useCallback(
    (key: string, change: (section: ItemSection) => ItemSection) =>
      setDraft((current) => ({
        ...current,
        sections: { ...current.sections, [key]: change(current.sections[key] ?? emptySection) },
      })),
    [],
  );
  const setName = useCallback((name: string) => setDraft((current) => ({ ...current, name })), []);
  const setHidden = useCallback((hidden: boolean) => setDraft((current) => ({ ...current, hidden })), []);

  // Read at the press, so the buttons keep their props (and their rendering) while the fields are typed in.
  const latest = useRef({ item, draft, definition, onSave, onCancel });
  latest.current = { item, draft, definition, onSave, onCancel };
  const save = useCallback(() => {
    const { draft: current, definition: against, onSave: done } = latest.current;
    const found = validateItem(current, against);
    if (current.name.trim() === '') found.name = 'Enter a block name.';
    setErrors(found);
    const [first] = Object.values(found);
    if (first === undefined) done(current);
    else setRefused({ message: first });
  }, []);
  const close = useCallback(() => latest.current.onCancel(), []);
  /** Whether the fields hold changes not applied to the block yet (read at the moment of asking). */
  const changed = useCallback(() => {
    const { item: opened, draft: current } = latest.current;
    return contentOf(current) !== contentOf(opened);
  }, []);
  // Changes are not thrown away without asking; a block left as it opened closes at once.
  const cancel = useCallback(() => {
    if (changed()) setAskingCancel(true);
    else latest.current.onCancel();
  }, [changed]);

  return (
    <section ref={editor} className={styles.editor} aria-label={`${readOnly ? 'View' : 'Edit'} ${item.name}`}>
      <ReadOnlyFields readOnly={readOnly}>
        <Field
          field={stateFieldMeta(`${prefix}:name`, errors.name, { required: true })}
          label="Block name"
          value={draft.name}
          onChange={setName}
          maxLength={255}
        />
        {definition.hideable.item || draft.hidden ? (
          <HideSwitch
            name={`${prefix}:hidden`}
            label="Hide this block"
            alwaysShown={BLOCK_ALWAYS_SHOWN}
            hidden={draft.hidden}
            hideable={canHideBlock(draft)}
            onChange={setHidden}
          />
        ) : null}
        {Object.entries(definition.sections).map(([key, section]) => (
          <SectionEditor
            key={key}
            sectionKey={key}
            section={section}
            value={draft.sections[key] ?? emptySection}
            offered={definition.hideable.sections.includes(key)}
            hideable={canHideSection(item, key)}
            errors={errors}
            namePrefix={`${prefix}-${key}`}
            onChange={setSection}
          />
        ))}
      </ReadOnlyFields>
      {readOnly ? <CloseAction onClose={close} /> : <EditorActions onCancel={cancel} onSave={save} />}
      {/* Leaving the builder with changes not applied yet asks as for the page's own changes. */}
      <LeavePrompt when={readOnly ? false : changed} />
      <Confirm
        isOpen={askingCancel}
        title="Unsaved changes"
        message="You have changes to this block that are not saved yet."
        question="Discard your changes to this block?"
        confirmLabel="Discard"
        cancelLabel="Keep editing"
        onCancel={() => setAskingCancel(false)}
        onConfirm={() => {
          setAskingCancel(false);
          close();
        }}
      />
    </section>
  );
}

/** A Hide switch (the block's or a section's): memoised, so typing in the block's fields leaves it as it is. */
const HideSwitch = memo(function HideSwitch({
  name,
  label,
  hidden,
  hideable,
  alwaysShown,
  onChange,
}: {
  name: string;
  label: string;
  hidden: boolean;
  /** Whether the block's own flags let it be hidden: it can still be shown, never hidden. */
  hideable: boolean;
  /** Why it cannot be hidden, said when it cannot. */
  alwaysShown: string;
  onChange: (hidden: boolean) => void;
}) {
  return (
    <Field
      kind="switch"
      field={stateFieldMeta(name)}
      isSelected={hidden}
      isDisabled={!hidden && !hideable}
      description={hidden || hideable ? undefined : alwaysShown}
      onChange={onChange}
    >
      {label}
    </Field>
  );
});

/** Cancel and Save: memoised on stable handlers, never rendered again by a keystroke. */
const EditorActions = memo(function EditorActions({
  onCancel,
  onSave,
}: {
  onCancel: () => void;
  onSave: () => void;
}) {
  return (
    <div className={styles.actions}>
      <Button variant="secondary" onPress={onCancel}>
        Cancel
      </Button>
      <Button variant="primary" onPress={onSave}>
        Save
      </Button>
    </div>
  );
});

/** Close, for a block opened to be read: memoised like Cancel and Save. */
const CloseAction = memo(function CloseAction({ onClose }: { onClose: () => void }) {
  return (
    <div className={styles.actions}>
      <Button variant="secondary" onPress={onClose}>
        Close
      </Button>
    </div>
  );
});

interface SectionEditorProps {
  sectionKey: string;
  section: BuilderSection;
  value: ItemSection;
  /** Whether the block's type offers hiding the section. */
  offered: boolean;
  /** Whether the block's own flags let it be hidden. */
  hideable: boolean;
  errors: FieldErrors;
  namePrefix: string;
  /** Told the section's key and how it changes. */
  onChange: (key: string, change: (section: ItemSection) => ItemSection) => void;
}

/** One section of the block: memoised, its props all stable but its value. */
const SectionEditor = memo(function SectionEditor({
  sectionKey,
  section,
  value,
  offered,
  hideable,
  errors,
  namePrefix,
  onChange: onSectionChange,
}: SectionEditorProps) {
  const path = `sections.${sectionKey}`;
  // Stable, so a keystroke in one field renders that field again and not its neighbours.
  const onHidden = useCallback(
    (hidden: boolean) => onSectionChange(sectionKey, (current) => ({ ...current, hidden })),
    [onSectionChange, sectionKey],
  );
  const onField = useCallback(
    (key: string, fieldValue: FieldValue) =>
      onSectionChange(sectionKey, (current) => ({
        ...current,
        fields: { ...current.fields, [key]: fieldValue },
      })),
    [onSectionChange, sectionKey],
  );
  return (
    <fieldset className={styles.section}>
      <legend className={styles.legend}>{section.name}</legend>
      {offered || value.hidden ? (
        <HideSwitch
          name={`${namePrefix}:hidden`}
          label={`Hide ${section.name}`}
          alwaysShown={sectionAlwaysShown(section.name)}
          hidden={value.hidden}
          hideable={hideable}
          onChange={onHidden}
        />
      ) : null}
      {section.repeatable ? (
        <Entries
          section={section}
          entries={value.entries}
          errors={errors}
          path={`${path}.entries`}
          namePrefix={namePrefix}
          onChange={(change) =>
            onSectionChange(sectionKey, (current) => ({ ...current, entries: change(current.entries) }))
          }
        />
      ) : (
        <Fields
          section={section}
          values={value.fields}
          errors={errors}
          path={`${path}.fields`}
          namePrefix={namePrefix}
          commentSection={sectionKey}
          onChange={onField}
        />
      )}
    </fieldset>
  );
});
