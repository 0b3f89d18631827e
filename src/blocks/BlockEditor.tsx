import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { memo, type ReactNode, useCallback, useEffect, useId, useRef, useState } from 'react';
import type { FieldValue, ItemSection, PageItem } from '@/api/contract/blocks';
import type { BuilderItem, BuilderSection } from '@/api/contract/builder';
import type { StoredFile } from '@/api/contract/common';
import { BLOCK_ALWAYS_SHOWN, canHideBlock, canHideSection, sectionAlwaysShown } from '@/shared/hiding';
import { blankEntry } from '@/shared/items';
import { type FieldErrors, validateItem } from '@/shared/schema';
import { Button } from '@/ui/Button';
import { useDragAnnouncements } from '@/ui/dragAnnouncements';
import { Field } from '@/ui/Field';
import { stateFieldMeta } from '@/ui/formProps';
import { Icon } from '@/ui/Icon';
import { IconButton } from '@/ui/IconButton';
import styles from './BlockEditor.module.css';
import { type Entry, entryLabel, moveWithin, removeAt, replaceAt } from './entries';
import { FieldEditor } from './fields/FieldEditor';
import { type UploadTarget, uploadBlockFile } from './upload';

export interface BlockEditorProps {
  item: PageItem;
  definition: BuilderItem;
  onCancel: () => void;
  /** Told the edited item once it keeps to its definition. */
  onSave: (item: PageItem) => void;
  /** Told the block's unsaved state after each change, for a live preview. */
  onDraft?: ((item: PageItem) => void) | undefined;
  /** Stores a file for a files field; defaults to builder/files/upload. */
  upload?: (target: UploadTarget, file: File) => Promise<StoredFile>;
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
  upload = uploadBlockFile,
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
  const uploadTo = useCallback(
    (section: string, field: string, file: File) => upload({ item: item.index, section, field }, file),
    [upload, item.index],
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
          upload={uploadTo}
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
  upload: (section: string, field: string, file: File) => Promise<StoredFile>;
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
  upload: uploadToSection,
}: SectionEditorProps) {
  const path = `sections.${sectionKey}`;
  const onChange = (change: (section: ItemSection) => ItemSection) => onSectionChange(sectionKey, change);
  const upload = (field: string, file: File) => uploadToSection(sectionKey, field, file);
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
          upload={upload}
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
          upload={upload}
        />
      )}
    </fieldset>
  );
});

interface FieldsProps {
  section: BuilderSection;
  values: Record<string, FieldValue>;
  errors: FieldErrors;
  path: string;
  namePrefix: string;
  onChange: (key: string, value: FieldValue) => void;
  upload: (field: string, file: File) => Promise<StoredFile>;
}

function Fields({ section, values, errors, path, namePrefix, onChange, upload }: FieldsProps) {
  return (
    <div className={styles.fields}>
      {Object.entries(section.fields).map(([key, field]) => (
        <FieldEditor
          key={key}
          name={`${namePrefix}-${key}`}
          field={field}
          value={values[key]}
          onChange={(fieldValue) => onChange(key, fieldValue)}
          error={errors[`${path}.${key}`]}
          upload={field.type === 'files' ? (file) => upload(key, file) : undefined}
        />
      ))}
    </div>
  );
}

interface EntriesProps {
  section: BuilderSection;
  entries: readonly Entry[];
  errors: FieldErrors;
  path: string;
  namePrefix: string;
  onChange: (change: (entries: Entry[]) => Entry[]) => void;
  upload: (field: string, file: File) => Promise<StoredFile>;
}

/** Keys that follow entries through moves and removals, so an entry keeps its editor's state. */
function useEntryKeys(count: number) {
  const next = useRef(0);
  const [keys, setKeys] = useState<string[]>(() => Array.from({ length: count }, () => `e${next.current++}`));
  const fresh = () => `e${next.current++}`;
  // Entries changed from outside (a reset) get keys of their own.
  const shown = keys.length === count ? keys : Array.from({ length: count }, (_, i) => keys[i] ?? fresh());
  return { keys: shown, setKeys, fresh };
}

function Entries({ section, entries, errors, path, namePrefix, onChange, upload }: EntriesProps) {
  const { keys, setKeys, fresh } = useEntryKeys(entries.length);
  const sensors = useSensors(
    useSensor(PointerSensor),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const label = (i: number) => entryLabel(section, i);

  const move = (from: number, to: number) => {
    if (to < 0 || to >= entries.length) return;
    setKeys((current) => moveWithin(current, from, to));
    onChange((current) => moveWithin(current, from, to));
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    move(keys.indexOf(String(active.id)), keys.indexOf(String(over.id)));
  };
  const announcements = useDragAnnouncements(keys, (id) => label(keys.indexOf(String(id))));

  return (
    <div className={styles.entries}>
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        accessibility={{ announcements }}
        onDragEnd={onDragEnd}
      >
        <SortableContext items={keys} strategy={verticalListSortingStrategy}>
          <ol className={styles.list} aria-label={section.name}>
            {entries.map((entry, i) => (
              <SortableEntry
                key={keys[i]}
                id={keys[i] ?? String(i)}
                title={label(i)}
                opened={entry.opened}
                onToggle={() =>
                  onChange((current) => replaceAt(current, i, { ...entry, opened: !entry.opened }))
                }
                onUp={i > 0 ? () => move(i, i - 1) : undefined}
                onDown={i < entries.length - 1 ? () => move(i, i + 1) : undefined}
                onRemove={() => {
                  setKeys((current) => removeAt(current, i));
                  onChange((current) => removeAt(current, i));
                }}
              >
                <Fields
                  section={section}
                  values={entry.fields}
                  errors={errors}
                  path={`${path}.${i}.fields`}
                  namePrefix={`${namePrefix}-${keys[i]}`}
                  onChange={(key, value) =>
                    onChange((current) => {
                      const at = current[i] ?? entry;
                      return replaceAt(current, i, { ...at, fields: { ...at.fields, [key]: value } });
                    })
                  }
                  upload={upload}
                />
              </SortableEntry>
            ))}
          </ol>
        </SortableContext>
      </DndContext>
      <Button
        icon="plus"
        onPress={() => {
          setKeys((current) => [...current, fresh()]);
          onChange((current) => [...current, blankEntry(section)]);
        }}
      >
        {section.phrase ?? 'Add entry'}
      </Button>
    </div>
  );
}

interface SortableEntryProps {
  id: string;
  title: string;
  opened: boolean;
  onToggle: () => void;
  onUp: (() => void) | undefined;
  onDown: (() => void) | undefined;
  onRemove: () => void;
  children: ReactNode;
}

function SortableEntry({
  id,
  title,
  opened,
  onToggle,
  onUp,
  onDown,
  onRemove,
  children,
}: SortableEntryProps) {
  const sortable = useSortable({ id });
  const bodyId = useId();
  return (
    <li
      ref={sortable.setNodeRef}
      className={styles.entry}
      data-dragging={sortable.isDragging || undefined}
      style={{ transform: CSS.Translate.toString(sortable.transform), transition: sortable.transition }}
    >
      <div className={styles.entryHeader}>
        <button
          type="button"
          ref={sortable.setActivatorNodeRef}
          {...sortable.attributes}
          {...sortable.listeners}
          aria-label={`Drag ${title}`}
          title="Drag to reorder"
          className={styles.handle}
        >
          <Icon name="drag" size="sm" />
        </button>
        <button
          type="button"
          className={styles.toggle}
          aria-expanded={opened}
          aria-controls={bodyId}
          onClick={onToggle}
        >
          <Icon name={opened ? 'chevron-down' : 'chevron-right'} size="sm" />
          {title}
        </button>
        <IconButton
          icon="chevron-left"
          className={styles.up}
          label={`Move ${title} up`}
          isDisabled={!onUp}
          onPress={onUp}
        />
        <IconButton
          icon="chevron-right"
          className={styles.down}
          label={`Move ${title} down`}
          isDisabled={!onDown}
          onPress={onDown}
        />
        <IconButton icon="trash" variant="danger" label={`Remove ${title}`} onPress={onRemove} />
      </div>
      <div id={bodyId} hidden={!opened} className={styles.entryBody}>
        {opened ? children : null}
      </div>
    </li>
  );
}
