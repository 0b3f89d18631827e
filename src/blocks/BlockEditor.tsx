import { memo, useCallback, useEffect, useId, useState } from 'react';
import type { ItemSection, PageItem } from '@/api/contract/blocks';
import type { BuilderItem, BuilderSection } from '@/api/contract/builder';
import { BLOCK_ALWAYS_SHOWN, canHideBlock, canHideSection, sectionAlwaysShown } from '@/shared/hiding';
import { type FieldErrors, validateItem } from '@/shared/schema';
import { Button } from '@/ui/Button';
import { Field } from '@/ui/Field';
import { stateFieldMeta } from '@/ui/formProps';
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
}

const emptySection: ItemSection = { hidden: false, fields: {}, entries: [] };

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
}: BlockEditorProps) {
  const [draft, setDraft] = useState(item);
  // After the render that shows the change: a preview never holds up the field's own paint.
  useEffect(() => onDraft?.(draft), [onDraft, draft]);
  const [errors, setErrors] = useState<FieldErrors>(serverErrors ?? {});
  const prefix = useId();

  // Stable, so a keystroke in one section renders that section again and not the others.
  const setSection = useCallback(
    (key: string, change: (section: ItemSection) => ItemSection) =>
      setDraft((current) => ({
        ...current,
        sections: { ...current.sections, [key]: change(current.sections[key] ?? emptySection) },
      })),
    [],
  );

  const save = () => {
    const found = validateItem(draft, definition);
    if (draft.name.trim() === '') found.name = 'Enter a block name.';
    setErrors(found);
    if (Object.keys(found).length === 0) onSave(draft);
  };

  return (
    <section className={styles.editor} aria-label={`Edit ${item.name}`}>
      <Field
        field={stateFieldMeta(`${prefix}:name`, errors.name, { required: true })}
        label="Block name"
        value={draft.name}
        onChange={(name) => setDraft((current) => ({ ...current, name }))}
        maxLength={255}
      />
      {definition.hideable.item || draft.hidden ? (
        <Field
          kind="switch"
          field={stateFieldMeta(`${prefix}:hidden`)}
          isSelected={draft.hidden}
          // The block's own flags may keep it shown: it can still be shown, never hidden.
          isDisabled={!draft.hidden && !canHideBlock(draft)}
          description={draft.hidden || canHideBlock(draft) ? undefined : BLOCK_ALWAYS_SHOWN}
          onChange={(hidden) => setDraft((current) => ({ ...current, hidden }))}
        >
          Hide this block
        </Field>
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
      <div className={styles.actions}>
        <Button variant="secondary" onPress={onCancel}>
          Cancel
        </Button>
        <Button variant="primary" onPress={save}>
          Save
        </Button>
      </div>
    </section>
  );
}

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
  const onChange = (change: (section: ItemSection) => ItemSection) => onSectionChange(sectionKey, change);
  return (
    <fieldset className={styles.section}>
      <legend className={styles.legend}>{section.name}</legend>
      {offered || value.hidden ? (
        <Field
          kind="switch"
          field={stateFieldMeta(`${namePrefix}:hidden`)}
          isSelected={value.hidden}
          isDisabled={!value.hidden && !hideable}
          description={value.hidden || hideable ? undefined : sectionAlwaysShown(section.name)}
          onChange={(hidden) => onChange((current) => ({ ...current, hidden }))}
        >
          {`Hide ${section.name}`}
        </Field>
      ) : null}
      {section.repeatable ? (
        <Entries
          section={section}
          entries={value.entries}
          errors={errors}
          path={`${path}.entries`}
          namePrefix={namePrefix}
          onChange={(change) => onChange((current) => ({ ...current, entries: change(current.entries) }))}
        />
      ) : (
        <Fields
          section={section}
          values={value.fields}
          errors={errors}
          path={`${path}.fields`}
          namePrefix={namePrefix}
          onChange={(key, fieldValue) =>
            onChange((current) => ({ ...current, fields: { ...current.fields, [key]: fieldValue } }))
          }
        />
      )}
    </fieldset>
  );
});
