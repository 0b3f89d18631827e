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
import { memo, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import type { FieldValue } from '@/api/contract/blocks';
import type { BuilderField, BuilderSection } from '@/api/contract/builder';
import { blankEntry } from '@/shared/items';
import type { FieldErrors } from '@/shared/schema';
import { Button } from '@/ui/Button';
import { useDragAnnouncements } from '@/ui/dragAnnouncements';
import { focusOtherMoveButton } from '@/ui/focus/otherMoveButton';
import { useReadOnlyFields } from '@/ui/forms/ReadOnlyFieldset';
import { firstField } from '@/ui/history/focusAfterDialogs';
import { Icon } from '@/ui/Icon';
import { IconButton } from '@/ui/IconButton';
import styles from './BlockEditor.module.css';
import { FieldCommentButton } from './builder/comments/FieldCommentButton';
import { DragHandle } from './DragHandle';
import { type Entry, entryLabel, moveWithin, removeAt, replaceAt } from './entries';
import { FieldEditor } from './fields/FieldEditor';

// A section's fields, and a repeatable section's entries: added, reordered by drag or keyboard, removed
// (or, among fields for reading only, only opened and closed).

interface FieldsProps {
  section: BuilderSection;
  values: Record<string, FieldValue>;
  errors: FieldErrors;
  path: string;
  namePrefix: string;
  onChange: (key: string, value: FieldValue) => void;
  /** The section's key, where its fields can be commented on (`section.field`); not for entries. */
  commentSection?: string;
}

export function Fields({ section, values, errors, path, namePrefix, onChange, commentSection }: FieldsProps) {
  return (
    <div className={styles.fields}>
      {Object.entries(section.fields).map(([key, field]) => (
        <SectionField
          key={key}
          fieldKey={key}
          name={`${namePrefix}-${key}`}
          field={field}
          value={values[key]}
          onChange={onChange}
          error={errors[`${path}.${key}`]}
          comment={commentSection ? `${commentSection}.${key}` : undefined}
          commentLabel={`${section.name}: ${field.name}`}
        />
      ))}
    </div>
  );
}

/**
 * One field of a section: memoised, so with a stable `onChange` a keystroke renders again only
 * the field typed in.
 */
const SectionField = memo(function SectionField({
  fieldKey,
  name,
  field,
  value,
  onChange,
  error,
  comment,
  commentLabel,
}: {
  fieldKey: string;
  name: string;
  field: BuilderField;
  value: FieldValue | undefined;
  onChange: (key: string, value: FieldValue) => void;
  error: string | undefined;
  /** Where the field can be commented on (`section.field`); not for entries. */
  comment: string | undefined;
  commentLabel: string;
}) {
  const editor = (
    <FieldEditor
      name={name}
      field={field}
      value={value}
      onChange={(fieldValue) => onChange(fieldKey, fieldValue)}
      error={error}
    />
  );
  return comment ? (
    <div className={styles.commentable}>
      {editor}
      <FieldCommentButton field={comment} label={commentLabel} />
    </div>
  ) : (
    editor
  );
});

interface EntriesProps {
  section: BuilderSection;
  entries: readonly Entry[];
  errors: FieldErrors;
  path: string;
  namePrefix: string;
  onChange: (change: (entries: Entry[]) => Entry[]) => void;
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

/**
 * Where someone starts on a new entry: its first field, else its first button (an image's Choose
 * image), never a field's comments.
 */
function startOf(entry: Element | null | undefined): HTMLElement | null {
  const body = entry?.querySelector('[data-entry-body]');
  return (
    firstField(body) ??
    body?.querySelector<HTMLElement>('button:not([disabled]):not([aria-label^="Comments on"])') ??
    null
  );
}

export function Entries({ section, entries, errors, path, namePrefix, onChange }: EntriesProps) {
  const readOnly = useReadOnlyFields();
  const { keys, setKeys, fresh } = useEntryKeys(entries.length);
  const list = useRef<HTMLOListElement>(null);
  // Set by Add: once the new entry is drawn, focus moves into it.
  const added = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: it runs when the count changes, once the new entry is drawn.
  useEffect(() => {
    if (!added.current) return;
    added.current = false;
    startOf(list.current?.lastElementChild)?.focus();
  }, [entries.length]);
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
  /** Moved by its buttons: at either end, focus goes from the one now disabled to the other. */
  const moveKeepingFocus = (from: number, to: number) => {
    move(from, to);
    const row = document.activeElement?.closest('li');
    if (to === 0) focusOtherMoveButton(row, `.${styles.down}`);
    else if (to === entries.length - 1) focusOtherMoveButton(row, `.${styles.up}`);
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
          <ol ref={list} className={styles.list} aria-label={section.name}>
            {entries.map((entry, i) => (
              <SortableEntry
                key={keys[i]}
                id={keys[i] ?? String(i)}
                title={label(i)}
                opened={entry.opened}
                fixed={readOnly}
                onToggle={() =>
                  onChange((current) => replaceAt(current, i, { ...entry, opened: !entry.opened }))
                }
                onUp={i > 0 ? () => moveKeepingFocus(i, i - 1) : undefined}
                onDown={i < entries.length - 1 ? () => moveKeepingFocus(i, i + 1) : undefined}
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
                />
              </SortableEntry>
            ))}
          </ol>
        </SortableContext>
      </DndContext>
      {readOnly ? null : (
        <Button
          icon="plus"
          onPress={() => {
            added.current = true;
            setKeys((current) => [...current, fresh()]);
            onChange((current) => [...current, blankEntry(section)]);
          }}
        >
          {section.phrase ?? 'Add entry'}
        </Button>
      )}
    </div>
  );
}

interface SortableEntryProps {
  id: string;
  title: string;
  opened: boolean;
  /** Only opened and closed: not dragged, moved or removed. */
  fixed: boolean;
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
  fixed,
  onToggle,
  onUp,
  onDown,
  onRemove,
  children,
}: SortableEntryProps) {
  const sortable = useSortable({ id, disabled: fixed });
  const bodyId = useId();
  return (
    <li
      ref={sortable.setNodeRef}
      className={styles.entry}
      data-dragging={sortable.isDragging || undefined}
      style={{ transform: CSS.Translate.toString(sortable.transform), transition: sortable.transition }}
    >
      <div className={styles.entryHeader}>
        {fixed ? null : <DragHandle sortable={sortable} title={title} className={styles.handle} />}
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
        {fixed ? null : (
          <>
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
          </>
        )}
      </div>
      <div id={bodyId} hidden={!opened} className={styles.entryBody} data-entry-body>
        {opened ? children : null}
      </div>
    </li>
  );
}
