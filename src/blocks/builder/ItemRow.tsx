import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { memo, useCallback, useEffect, useRef } from 'react';
import type { PageItem } from '@/api/contract/blocks';
import type { BuilderItem } from '@/api/contract/builder';
import { BLOCK_ALWAYS_SHOWN, canHideBlock } from '@/shared/hiding';
import { announce } from '@/ui/announce';
import { focusOtherMoveButton } from '@/ui/focus/otherMoveButton';
import { toast } from '@/ui/toasts';
import { BlockEditor } from '../BlockEditor';
import { copyBlocks } from '../clipboard';
import { DragHandle } from '../DragHandle';
import { useLiveDraft } from '../preview/liveDraft';
import { CommentBlockContext, useCommentsAccess } from './comments/commentsContext';
import styles from './ItemsPanel.module.css';
import { RowAction } from './RowActions';
import type { BuilderActor } from './useBuilderActor';
import { focusBlockAt } from './useRowWindow';

/** Spec §8: a placed block whose type the catalogue no longer offers. */
export const UNKNOWN_ITEM_MESSAGE = 'Unable to find item, please refresh and try again.';

/** The React and drag-and-drop id of the block the machine keeps under `key`. */
export const rowId = (key: number): string => `b${key}`;

/**
 * Where the block is now. Read when a control is pressed rather than passed to every row, so a
 * block added, moved or removed above a row does not re-render it.
 */
function positionOf(actor: BuilderActor, key: number): number {
  return actor.getSnapshot().context.keys.indexOf(key);
}

export interface ItemRowProps {
  /** The machine's key of the block: who it is across moves, undo and redo. */
  blockKey: number;
  /** Whether it is the first or the last block: only the rows at the ends change with them. */
  isFirst: boolean;
  isLast: boolean;
  item: PageItem;
  /** Undefined when the catalogue has no such block type: the block is kept as it is. */
  definition: BuilderItem | undefined;
  isEditing: boolean;
  /** No block is open, so this one may be opened. */
  canOpen: boolean;
  /** No structural change: not dragged, moved, duplicated or removed (a locked page, or one only read). */
  locked: boolean;
  /** Opened only to be read (the user may not change the record): its fields are read-only, it is not hidden or shown. */
  readOnly: boolean;
  errors: Record<string, string> | undefined;
  actor: BuilderActor;
  /** On a long page, which only lists the blocks near the view: the block's place (from 1) and the count. */
  position?: number | undefined;
  setSize?: number | undefined;
}

/**
 * One placed block: its header (drag handle, name, type, actions) and, when open, its editor.
 * The sortable shell re-renders whenever the list changes (dnd-kit's context), so it holds only
 * the row's element and drag handle; the rest is memoised on its props, which hold no position:
 * a structural change or typing in one block re-renders only the blocks it touches.
 */
export const ItemRow = memo(function ItemRow(props: ItemRowProps) {
  // The place in the list goes on the row's element only: the rest never re-renders for a move.
  const { position, setSize, ...rowProps } = props;
  const { blockKey, item, definition, locked } = rowProps;
  const sortable = useSortable({ id: rowId(blockKey), disabled: locked });
  const title = item.name || definition?.name || item.index;
  return (
    <li
      ref={sortable.setNodeRef}
      className={styles.row}
      data-dragging={sortable.isDragging || undefined}
      data-open={props.isEditing || undefined}
      data-key={blockKey}
      aria-label={title}
      aria-posinset={position}
      aria-setsize={setSize}
      style={{ transform: CSS.Translate.toString(sortable.transform), transition: sortable.transition }}
    >
      <div className={styles.header}>
        {locked ? null : <DragHandle sortable={sortable} title={title} className={styles.handle} />}
        <RowHeader {...rowProps} title={title} />
      </div>
      <RowDetails {...rowProps} title={title} />
    </li>
  );
});

type RowProps = Omit<ItemRowProps, 'position' | 'setSize'> & { title: string };

/** The block's name, type and actions. */
const RowHeader = memo(function RowHeader({
  blockKey,
  isFirst,
  isLast,
  item,
  definition,
  isEditing,
  canOpen,
  locked,
  readOnly,
  actor,
  title,
}: RowProps) {
  const at = () => positionOf(actor, blockKey);
  const openLabel = `${readOnly ? 'View' : 'Edit'} ${title}`;
  const comments = useCommentsAccess();
  const openComments = comments?.openOn(item.id) ?? 0;
  // The editor that held focus closes (saved or cancelled): focus comes back to this block's Edit.
  const header = useRef<HTMLDivElement>(null);
  const wasEditing = useRef(isEditing);
  useEffect(() => {
    const closed = wasEditing.current && !isEditing;
    wasEditing.current = isEditing;
    const active = document.activeElement;
    const lost = !active || active === document.body || !active.isConnected;
    if (closed && lost) {
      header.current?.parentElement?.querySelector<HTMLButtonElement>(`[aria-label="${openLabel}"]`)?.focus();
    }
  }, [isEditing, openLabel]);
  return (
    <>
      <div className={styles.title} ref={header}>
        <span className={styles.name}>{title}</span>
        <span className={styles.type}>{definition?.name ?? item.index}</span>
        {item.hidden ? <span className={styles.badge}>Hidden</span> : null}
      </div>
      <div className={styles.actions}>
        {!readOnly && (definition?.hideable.item || item.hidden) ? (
          <RowAction
            icon="eye"
            label={item.hidden ? `Show ${title}` : `Hide ${title}`}
            // The block's own flags may keep it shown whatever its type offers: Hide says why it is off.
            tooltip={item.hidden || canHideBlock(item) ? undefined : `Hide ${title}: ${BLOCK_ALWAYS_SHOWN}`}
            refusal={item.hidden || canHideBlock(item) ? undefined : BLOCK_ALWAYS_SHOWN}
            onPress={() => actor.send({ type: 'item.hide', at: at(), hidden: !item.hidden })}
          />
        ) : null}
        <RowAction
          icon="export"
          label={`Copy ${title}`}
          tooltip={`Copy ${title} to paste it into another page or tab`}
          onPress={() =>
            copyBlocks([item]).then((where) =>
              where === 'none'
                ? toast.error('The block could not be copied.', { placement: 'bottom' })
                : toast.success(`Copied ${title}.`),
            )
          }
        />
        {comments && item.id ? (
          <RowAction
            icon="responses"
            label={openComments > 0 ? `Comments on ${title} (${openComments} open)` : `Comments on ${title}`}
            onPress={() => comments.open(item.id)}
          />
        ) : null}
        <RowAction
          // Read, not edited: the eye, which Hide (absent then) would otherwise show.
          icon={readOnly ? 'eye' : 'edit'}
          label={openLabel}
          isDisabled={!definition || !canOpen || isEditing}
          onPress={() => actor.send({ type: 'item.edit', at: at() })}
        />
        {locked ? null : (
          <>
            <RowAction
              icon="chevron-left"
              className={styles.up}
              label={`Move ${title} up`}
              isDisabled={isFirst}
              onPress={() => {
                const from = at();
                actor.send({ type: 'item.move', from, to: from - 1 });
                if (from - 1 === 0) focusOtherMoveButton(header.current?.parentElement, `.${styles.down}`);
              }}
            />
            <RowAction
              icon="chevron-right"
              className={styles.down}
              label={`Move ${title} down`}
              isDisabled={isLast}
              onPress={() => {
                const from = at();
                actor.send({ type: 'item.move', from, to: from + 1 });
                if (from + 2 === actor.getSnapshot().context.keys.length)
                  focusOtherMoveButton(header.current?.parentElement, `.${styles.up}`);
              }}
            />
            <RowAction
              icon="copy"
              label={`Duplicate ${title}`}
              onPress={() => {
                actor.send({ type: 'item.duplicate', at: at() });
                // Focus stays here; a screen reader hears where the copy went.
                announce(`${title} duplicated. The copy is below it.`);
              }}
            />
            <RowAction
              icon="trash"
              danger
              label={`Remove ${title}`}
              onPress={() => {
                const from = at();
                const list = header.current?.closest('ol') ?? null;
                actor.send({ type: 'item.remove', at: from });
                // Its row leaves the list: focus goes to the block now in its place, else the one
                // before it, else the list's heading; a screen reader hears which block went.
                const left = actor.getSnapshot().context.keys.length;
                focusBlockAt(from < left ? from : from - 1, list);
                announce(`${title} removed. Undo brings it back.`);
              }}
            />
          </>
        )}
      </div>
    </>
  );
});

/** What the block says under its header (unknown type, errors of the last save) and its editor when open. */
const RowDetails = memo(function RowDetails({
  blockKey,
  item,
  definition,
  isEditing,
  errors,
  readOnly,
  actor,
  title,
}: RowProps) {
  // The open block's unsaved state, for the preview; gone once the editor closes.
  const liveDraft = useLiveDraft();
  const onDraft = useCallback(
    (draft: PageItem) => liveDraft?.set({ key: blockKey, item: draft }),
    [liveDraft, blockKey],
  );
  useEffect(() => {
    if (!isEditing || !liveDraft) return;
    return () => {
      if (liveDraft.get()?.key === blockKey) liveDraft.set(null);
    };
  }, [isEditing, liveDraft, blockKey]);
  const errorCount = errors ? Object.keys(errors).length : 0;
  // Edit disables itself as the editor opens: focus goes into the editor, to its first field.
  const editor = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!isEditing) return;
    editor.current
      ?.querySelector<HTMLElement>('input:not([type="hidden"]), textarea, [contenteditable="true"], button')
      ?.focus();
  }, [isEditing]);
  return (
    <>
      {definition ? null : (
        <p role="alert" className={styles.problem}>
          {UNKNOWN_ITEM_MESSAGE}
        </p>
      )}
      {errorCount > 0 && !isEditing ? (
        <ul className={styles.problem} aria-label={`Errors in ${title}`}>
          {Object.entries(errors ?? {}).map(([path, message]) => (
            <li key={path}>{message}</li>
          ))}
        </ul>
      ) : null}
      {isEditing && definition ? (
        <div className={styles.editor} ref={editor}>
          <CommentBlockContext.Provider value={item.id ?? null}>
            <BlockEditor
              item={item}
              definition={definition}
              errors={errors}
              onCancel={() => actor.send({ type: 'item.cancel' })}
              onSave={(saved) => actor.send({ type: 'item.save', item: saved })}
              onDraft={onDraft}
              readOnly={readOnly}
            />
          </CommentBlockContext.Provider>
        </div>
      ) : null}
    </>
  );
});
