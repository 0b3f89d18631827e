import { useEffect, useRef, useState } from 'react';
import type { MediaFolder, MediaItem, MediaUse } from '@/api/contract/media';
import { api } from '@/api/endpoints';
import { useMayCall } from '@/machines/session';
import { Button } from '@/ui/Button';
import { Confirm } from '@/ui/Confirm';
import { Modal } from '@/ui/Modal';
import { toast } from '@/ui/toasts';
import styles from './Media.module.css';
import { MediaUses } from './MediaUses';

type Shown = MediaItem & { uses: MediaUse[]; uses_hidden: number };

const clamp = (n: number) => Math.min(1, Math.max(0, Math.round(n * 100) / 100));
const errorText = (error: unknown) => {
  const e = error as { message?: string; errors?: Record<string, string[]> };
  return (e.errors && Object.values(e.errors).flat()[0]) ?? e.message ?? 'Something went wrong.';
};

/** One item of the library: its preview and focal point, its description, where it is used. */
export function MediaPanel({
  id,
  folders,
  onClose,
  onRemoved,
  onChanged,
}: {
  id: number;
  folders: MediaFolder[];
  onClose: () => void;
  /** The item left the list it was opened from (to the bin, or for good). */
  onRemoved: () => void;
  onChanged: (item: MediaItem | null) => void;
}) {
  const may = useMayCall();
  const [item, setItem] = useState<Shown | null>(null);
  const [draft, setDraft] = useState({ alt: '', caption: '', credit: '', tags: '', decorative: false });
  const [focal, setFocal] = useState({ x: 0.5, y: 0.5 });
  /** The confirm open, if any: moving the item to the bin, or deleting it for good from there. */
  const [confirm, setConfirm] = useState<'delete' | 'forever' | null>(null);
  const replacer = useRef<HTMLInputElement>(null);
  const actions = useRef<HTMLDivElement>(null);
  const restored = useRef(false);
  const editable = may('media.update');

  const show = async () => {
    const { data } = await api.media.show({ params: { id } });
    setItem(data);
    setDraft({
      alt: data.alt ?? '',
      caption: data.caption ?? '',
      credit: data.credit ?? '',
      tags: data.tags.join(', '),
      decorative: data.decorative,
    });
    setFocal(data.focal_point);
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: loads again only for another item
  useEffect(() => {
    void show();
  }, [id]);

  // The Restore button that was pressed is gone once the item is back: focus moves to the first of
  // the actions now in its place. Left alone it falls out of the panel, where Escape no longer closes
  // it, or the dialog's focus scope, a frame later, sends it to the panel's first control, far from
  // where the user was; so it is moved whether or not the scope has moved it already.
  useEffect(() => {
    if (!restored.current || !item || item.deleted_at) return;
    restored.current = false;
    actions.current?.querySelector<HTMLElement>('button')?.focus();
  }, [item]);

  const save = async () => {
    try {
      const { data } = await api.media.update({
        params: { id },
        body: {
          alt: draft.alt,
          caption: draft.caption,
          credit: draft.credit,
          decorative: draft.decorative,
          tags: draft.tags
            .split(',')
            .map((t) => t.trim())
            .filter(Boolean),
          focal_point: focal,
        },
      });
      toast.success('Saved.');
      onChanged(data);
      await show();
    } catch (error) {
      toast.error(errorText(error));
    }
  };

  const replace = async (file: File | undefined) => {
    if (!file) return;
    const body = new FormData();
    body.set('file', file);
    try {
      await api.media.replace({ params: { id }, body });
      toast.success('Replaced.');
      await show();
      onChanged(null);
    } catch (error) {
      toast.error(errorText(error));
    }
  };

  const lifecycle = async (call: 'delete' | 'restore' | 'forever') => {
    try {
      const { message } = await api.media[call]({ body: { ids: [id] } });
      toast.success(message);
      if (call === 'restore') {
        restored.current = true;
        onChanged(null);
        await show();
      } else onRemoved();
    } catch (error) {
      toast.error(errorText(error));
    }
    setConfirm(null);
  };

  const folderName = folders.find((f) => f.id === item?.folder_id)?.name ?? 'No folder';
  return (
    <Modal isOpen onClose={onClose} title={item?.name ?? 'Media'} size="lg">
      {item ? (
        <div className={styles.panel}>
          <div className={styles.preview}>
            {item.mime.startsWith('image/') ? (
              <div
                className={styles.focal}
                role="slider"
                tabIndex={0}
                aria-label="Focal point"
                aria-valuetext={`${Math.round(focal.x * 100)}% across, ${Math.round(focal.y * 100)}% down`}
                aria-valuenow={Math.round(focal.x * 100)}
                onClick={(event) => {
                  if (!editable) return;
                  const box = event.currentTarget.getBoundingClientRect();
                  setFocal({
                    x: clamp((event.clientX - box.left) / box.width),
                    y: clamp((event.clientY - box.top) / box.height),
                  });
                }}
                onKeyDown={(event) => {
                  if (!editable) return;
                  const step = event.shiftKey ? 0.1 : 0.01;
                  const moves: Record<string, [number, number]> = {
                    ArrowLeft: [-step, 0],
                    ArrowRight: [step, 0],
                    ArrowUp: [0, -step],
                    ArrowDown: [0, step],
                  };
                  const move = moves[event.key];
                  if (!move) return;
                  event.preventDefault();
                  setFocal((f) => ({ x: clamp(f.x + move[0]), y: clamp(f.y + move[1]) }));
                }}
              >
                {/* Its size is known before it loads, so a click lands where it is aimed from the start. */}
                <img
                  src={item.url}
                  alt={item.alt ?? ''}
                  width={item.width ?? undefined}
                  height={item.height ?? undefined}
                />
                <span
                  className={styles.dot}
                  style={{ left: `${focal.x * 100}%`, top: `${focal.y * 100}%` }}
                />
              </div>
            ) : (
              <a href={item.url}>Open {item.name}</a>
            )}
            <dl className={styles.facts}>
              <dt>Dimensions</dt>
              <dd>{item.width ? `${item.width} × ${item.height}` : '—'}</dd>
              <dt>Size</dt>
              <dd>{item.size.toLocaleString('en-GB')} bytes</dd>
              <dt>Type</dt>
              <dd>{item.mime}</dd>
              <dt>Folder</dt>
              <dd>{folderName}</dd>
            </dl>
          </div>
          <div className={styles.fields}>
            <label>
              Alt text
              <input
                value={draft.alt}
                disabled={!editable}
                onChange={(e) => setDraft({ ...draft, alt: e.target.value })}
              />
            </label>
            <label className={styles.check}>
              <input
                type="checkbox"
                checked={draft.decorative}
                disabled={!editable}
                onChange={(e) => setDraft({ ...draft, decorative: e.target.checked })}
              />{' '}
              Decorative (no alt text needed)
            </label>
            <label>
              Caption
              <input
                value={draft.caption}
                disabled={!editable}
                onChange={(e) => setDraft({ ...draft, caption: e.target.value })}
              />
            </label>
            <label>
              Credit
              <input
                value={draft.credit}
                disabled={!editable}
                onChange={(e) => setDraft({ ...draft, credit: e.target.value })}
              />
            </label>
            <label>
              Tags (comma separated)
              <input
                value={draft.tags}
                disabled={!editable}
                onChange={(e) => setDraft({ ...draft, tags: e.target.value })}
              />
            </label>
            <h3>Where it is used</h3>
            <MediaUses uses={item.uses} hidden={item.uses_hidden} />
            <div className={styles.actions} ref={actions}>
              {item.deleted_at ? (
                may('media.restore') ? (
                  <>
                    <Button onPress={() => void lifecycle('restore')}>Restore</Button>
                    <Button variant="danger" onPress={() => setConfirm('forever')}>
                      Delete forever
                    </Button>
                  </>
                ) : null
              ) : (
                <>
                  {editable ? (
                    <>
                      <Button variant="primary" onPress={() => void save()}>
                        Save
                      </Button>
                      <Button onPress={() => replacer.current?.click()}>Replace file</Button>
                    </>
                  ) : null}
                  {may('media.delete') ? (
                    <Button variant="danger" onPress={() => setConfirm('delete')}>
                      Delete
                    </Button>
                  ) : null}
                </>
              )}
            </div>
            <input
              ref={replacer}
              type="file"
              hidden
              aria-label="Replacement file"
              onChange={(e) => void replace(e.target.files?.[0])}
            />
          </div>
          <Confirm
            isOpen={confirm !== null}
            onCancel={() => setConfirm(null)}
            onConfirm={() => void lifecycle(confirm ?? 'delete')}
            message={
              confirm === 'forever'
                ? `${item.name} is deleted for good, with its file. This cannot be undone.`
                : item.uses_count > 0
                  ? `${item.name} is used in ${item.uses_count} ${item.uses_count === 1 ? 'place' : 'places'}. It moves to the bin, where it can be restored.`
                  : `${item.name} moves to the bin, where it can be restored.`
            }
          />
        </div>
      ) : null}
    </Modal>
  );
}
