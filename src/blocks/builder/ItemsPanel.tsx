import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  type UniqueIdentifier,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { useSelector } from '@xstate/react';
import { memo, type ReactNode, useMemo, useRef, useState } from 'react';
import { type Catalogue, own } from '@/shared/catalogue';
import { blankItem } from '@/shared/items';
import { Button } from '@/ui/Button';
import { useDragAnnouncements } from '@/ui/dragAnnouncements';
import { Select } from '@/ui/Select';
import { toast } from '@/ui/toasts';
import { checkPaste, type PasteTarget, readClipboard } from '../clipboard';
import { ItemRow, rowId } from './ItemRow';
import styles from './ItemsPanel.module.css';
import { errorsPerItem } from './itemKeys';
import { RowTooltip } from './RowActions';
import { type BuilderActor, useEditing, useFieldErrors, useItems } from './useBuilderActor';
import { useRowWindow } from './useRowWindow';

/** Spec §4 Locked page: what the builder says instead of offering structural changes. */
export const LOCKED_NOTE =
  'This page is locked: its blocks cannot be added, moved or removed. Please contact an administrator for structural changes.';

export interface ItemsPanelProps {
  actor: BuilderActor;
  /** Every block type the API knows: placed blocks are looked up here. */
  catalogue: Catalogue;
  /** The block types this builder offers to add (page blocks, or a form's input blocks). */
  offered: readonly string[];
  locked: boolean;
  /** What kind of blocks a paste may bring in. */
  pasteTarget: PasteTarget;
  lockedNote?: string;
  /**
   * Why the user may not change the record ('Your role, Read only, cannot change pages.'): its blocks
   * are then only opened to be read, and the panel says why nothing else is offered.
   */
  readOnlyReason?: string | null;
}

/**
 * The blocks of a page, form or template: add from the catalogue, open one at a time, reorder by
 * drag (pointer or keyboard: Space, arrows, Space) or with the move buttons, hide and remove.
 * Rows are memoised and hold no position, so a change re-renders only the rows it touches.
 */
export const ItemsPanel = memo(function ItemsPanel({
  actor,
  catalogue,
  offered,
  locked,
  pasteTarget,
  lockedNote = LOCKED_NOTE,
  readOnlyReason = null,
}: ItemsPanelProps) {
  const readOnly = readOnlyReason !== null;
  // No block is added, pasted, dragged, moved, duplicated or removed on a locked page, nor by a reader.
  const fixed = locked || readOnly;
  const items = useItems(actor);
  const editing = useEditing(actor);
  const fieldErrors = useFieldErrors(actor);
  // The machine keeps a key per block that follows it through moves, undo and redo.
  const machineKeys = useSelector(actor, (s) => s.context.keys);
  const keys = useMemo(() => machineKeys.map(rowId), [machineKeys]);
  const errors = useMemo(() => errorsPerItem(fieldErrors), [fieldErrors]);
  const [choice, setChoice] = useState<string | null>(null);
  const list = useRef<HTMLOListElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const rows = useRowWindow({ list, keys: machineKeys, editing, fallback: heading });
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const choices = useMemo(
    () =>
      offered.flatMap((index) => {
        const definition = own(catalogue, index);
        return definition ? [{ id: index, name: definition.name }] : [];
      }),
    [offered, catalogue],
  );

  const blockName = (id: UniqueIdentifier) => {
    const item = items[keys.indexOf(String(id))];
    return item ? item.name || own(catalogue, item.index)?.name || item.index : 'The block';
  };
  const announcements = useDragAnnouncements(keys, blockName);

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    actor.send({
      type: 'item.move',
      from: keys.indexOf(String(active.id)),
      to: keys.indexOf(String(over.id)),
    });
  };

  const row = (at: number) => {
    const item = items[at] as (typeof items)[number];
    return (
      <ItemRow
        key={keys[at]}
        blockKey={machineKeys[at] ?? -at}
        isFirst={at === 0}
        isLast={at === items.length - 1}
        item={item}
        definition={own(catalogue, item.index)}
        isEditing={editing === at}
        canOpen={editing === null}
        locked={fixed}
        readOnly={readOnly}
        errors={errors.get(at)}
        actor={actor}
        position={rows.stretches ? at + 1 : undefined}
        setSize={rows.stretches ? items.length : undefined}
      />
    );
  };
  // A long page lists the blocks near the view (useRowWindow), the rest stood in for by gaps.
  // One flat list of children: a row that passes from one stretch to another keeps its element
  // (and the focus in it), where nested arrays would mount it anew.
  let listed: ReactNode[];
  if (rows.stretches) {
    listed = [];
    for (const stretch of rows.stretches) {
      if (stretch.kind === 'gap')
        listed.push(
          <li
            key={`gap-${stretch.first}`}
            aria-hidden="true"
            className={styles.gap}
            style={{ blockSize: stretch.height }}
          />,
        );
      else for (let at = stretch.first; at <= stretch.last; at++) listed.push(row(at));
    }
  } else listed = items.map((_, at) => row(at));

  const add = () => {
    const definition = choice === null ? undefined : own(catalogue, choice);
    if (choice === null || !definition) return;
    actor.send({ type: 'item.add', item: blankItem(choice, definition) });
    // The new block is the last: focus goes to it, ready to be opened.
    requestAnimationFrame(() => {
      list.current?.lastElementChild
        ?.querySelector<HTMLButtonElement>('button[aria-label^="Edit "]')
        ?.focus();
    });
  };

  // Blocks copied here or in another tab (the system clipboard, or this browser's storage).
  const paste = async () => {
    const result = checkPaste(await readClipboard(), pasteTarget, catalogue);
    if (result.ok) actor.send({ type: 'item.paste', items: result.items });
    else toast.error(result.message, { placement: 'bottom' });
  };

  return (
    <section className={styles.panel} aria-labelledby="builder-items-title">
      <h2 id="builder-items-title" className={styles.heading} ref={heading} tabIndex={-1}>
        Blocks <span className={styles.count}>({items.length})</span>
      </h2>
      {readOnly ? (
        <p role="note" className={styles.note}>
          {readOnlyReason}
        </p>
      ) : locked ? (
        <p role="note" className={styles.note}>
          {lockedNote}
        </p>
      ) : null}
      {items.length === 0 ? <p className={styles.empty}>No blocks yet.</p> : null}
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        accessibility={{ announcements }}
        onDragEnd={onDragEnd}
      >
        <SortableContext items={keys} strategy={verticalListSortingStrategy}>
          <ol
            ref={list}
            className={styles.list}
            aria-label="Blocks"
            onFocus={rows.onFocus}
            onBlur={rows.onBlur}
          >
            {listed}
          </ol>
        </SortableContext>
      </DndContext>
      <RowTooltip container={list} />
      {fixed ? null : (
        <div className={styles.add}>
          <Select
            label="Block type"
            items={choices}
            selectedKey={choice}
            onSelectionChange={(key) => setChoice(key === null ? null : String(key))}
            placeholder="Choose a block"
          />
          <Button icon="plus" onPress={add} isDisabled={choice === null}>
            Add block
          </Button>
          <Button icon="copy" onPress={paste}>
            Paste blocks
          </Button>
        </div>
      )}
    </section>
  );
});
