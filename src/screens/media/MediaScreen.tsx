import { useCallback, useEffect, useRef, useState } from 'react';
import type { MediaFolder, MediaItem } from '@/api/contract/media';
import { api } from '@/api/endpoints';
import { type UploadRow, uploadFiles } from '@/api/mediaUpload';
import { useMayCall } from '@/machines/session';
import { Button } from '@/ui/Button';
import { EmptyState } from '@/ui/EmptyState';
import { LibraryToolbar, UploadList } from '@/ui/media/LibraryParts';
import { thumbnailAttributes } from '@/ui/media/thumbnail';
import { useUploadFolder } from '@/ui/media/uploadFolder';
import { PageHeader } from '@/ui/PageHeader';
import { Pagination } from '@/ui/Pagination';
import { Select } from '@/ui/Select';
import { toast } from '@/ui/toasts';
import { FolderDialog } from './FolderDialog';
import styles from './Media.module.css';
import { MediaPanel } from './MediaPanel';

/** How wide a tile is drawn: two columns on a phone, about 240 px on a wider screen. */
const TILE_SIZES = '(max-width: 640px) 50vw, 240px';
/** Tiles on screen as the library opens, before any scrolling. */
const EAGER_TILES = 8;

type Paged = Awaited<ReturnType<typeof api.media.list>>['media'];

export const formatBytes = (n: number): string =>
  n < 1024
    ? `${n} B`
    : n < 1024 * 1024
      ? `${(n / 1024).toFixed(0)} KB`
      : `${(n / 1024 / 1024).toFixed(1)} MB`;

const TYPES = [
  { id: 'all', name: 'All types' },
  { id: 'image', name: 'Images' },
  { id: 'document', name: 'Documents' },
] as const;

/** The media library: every uploaded file, searched, filtered, uploaded into and described. */
export default function MediaScreen() {
  const may = useMayCall();
  const [search, setSearch] = useState('');
  const [folderId, setFolderId] = useState<number | null>(null);
  const [type, setType] = useState<'all' | 'image' | 'document'>('all');
  const [unused, setUnused] = useState(false);
  const [trashed, setTrashed] = useState(false);
  const [view, setView] = useState<'grid' | 'list'>('grid');
  const [page, setPage] = useState(1);
  const [list, setList] = useState<Paged | null>(null);
  const [folders, setFolders] = useState<MediaFolder[]>([]);
  const [uploads, setUploads] = useState<UploadRow[]>([]);
  const [open, setOpen] = useState<number | null>(null);
  const [dragging, setDragging] = useState(false);
  const [addingFolder, setAddingFolder] = useState(false);
  const picker = useRef<HTMLInputElement>(null);
  const toolbar = useRef<HTMLDivElement>(null);
  /** Set when the open item left the list: its tile, where focus would return, is gone. */
  const [refocus, setRefocus] = useState(false);

  const load = useCallback(async () => {
    const { media } = await api.media.list({
      query: {
        search,
        page,
        ...(folderId ? { folder_id: folderId } : {}),
        ...(type !== 'all' ? { type } : {}),
        ...(unused ? { unused: '1' } : {}),
        ...(trashed ? { trashed: '1' } : {}),
      },
    });
    setList(media);
  }, [search, page, folderId, type, unused, trashed]);

  useEffect(() => {
    void load();
  }, [load]);
  useEffect(() => {
    if (!refocus || !list) return;
    setRefocus(false);
    toolbar.current?.querySelector<HTMLInputElement>('input[type="search"]')?.focus();
  }, [refocus, list]);
  useEffect(() => {
    void api.media.folders({}).then(({ data }) => setFolders(data));
  }, []);

  const target = useUploadFolder(folderId, folders);
  const upload = async (files: File[]) => {
    if (files.length === 0) return;
    const rows = await uploadFiles(files, target.id, setUploads);
    const stored = rows.filter((r) => r.state === 'done').length;
    const into = target.chosenFor ? ` into ${target.chosenFor.name}` : '';
    if (stored > 0)
      toast.success(`Uploaded ${stored} of ${rows.length} ${rows.length === 1 ? 'file' : 'files'}${into}.`);
    await load();
  };

  const items = list?.data ?? [];
  return (
    <>
      <PageHeader
        title="Media"
        subtitle="Every image and document, uploaded once and used anywhere"
        actions={
          may('media.upload') ? (
            <Button variant="primary" icon="upload" onPress={() => picker.current?.click()}>
              Upload files
            </Button>
          ) : null
        }
      />
      <input
        ref={picker}
        type="file"
        multiple
        hidden
        aria-label="Files to upload"
        data-testid="media-picker"
        onChange={(event) => {
          void upload(Array.from(event.target.files ?? []));
          event.target.value = '';
        }}
      />
      <LibraryToolbar
        ref={toolbar}
        searchLabel="Search media"
        search={search}
        folders={folders}
        folderId={folderId}
        onSearch={(value) => {
          setSearch(value);
          setPage(1);
        }}
        onFolder={(id) => {
          setFolderId(id);
          setPage(1);
        }}
      >
        <Select
          label="Type"
          hideLabel
          items={TYPES}
          selectedKey={type}
          onSelectionChange={(key) => {
            setType((key as typeof type) ?? 'all');
            setPage(1);
          }}
        />
        <label className={styles.check}>
          <input
            type="checkbox"
            checked={unused}
            onChange={(e) => {
              setUnused(e.target.checked);
              setPage(1);
            }}
          />{' '}
          Unused
        </label>
        <label className={styles.check}>
          <input
            type="checkbox"
            checked={trashed}
            onChange={(e) => {
              setTrashed(e.target.checked);
              setPage(1);
            }}
          />{' '}
          Bin
        </label>
        <Button size="sm" variant="ghost" onPress={() => setView(view === 'grid' ? 'list' : 'grid')}>
          {view === 'grid' ? 'List view' : 'Grid view'}
        </Button>
        {may('media.foldersCreate') ? (
          <Button size="sm" variant="ghost" icon="plus" onPress={() => setAddingFolder(true)}>
            Add folder
          </Button>
        ) : null}
      </LibraryToolbar>
      <UploadList uploads={uploads} />
      {/* biome-ignore lint/a11y/noStaticElementInteractions: a drop target beside the Upload files button, which does the same by keyboard */}
      <div
        className={styles.drop}
        data-dragging={dragging || undefined}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(event) => {
          event.preventDefault();
          setDragging(false);
          if (may('media.upload')) void upload(Array.from(event.dataTransfer.files));
        }}
      >
        {list && items.length === 0 ? (
          <EmptyState
            title={trashed ? 'The bin is empty' : 'No media found'}
            text={trashed ? '' : 'Drop files here or use Upload files.'}
          />
        ) : view === 'grid' ? (
          <ul className={styles.grid} aria-label="Media">
            {items.map((item, index) => (
              <li key={item.id}>
                <button type="button" className={styles.tile} onClick={() => setOpen(item.id)}>
                  {item.mime.startsWith('image/') ? (
                    <img
                      {...thumbnailAttributes(item, TILE_SIZES)}
                      alt={item.alt ?? ''}
                      // The first rows are on screen as the library opens: they load at once.
                      loading={index < EAGER_TILES ? undefined : 'lazy'}
                      fetchPriority={index < 2 ? 'high' : undefined}
                    />
                  ) : (
                    <span className={styles.doc}>PDF</span>
                  )}
                  <span className={styles.name}>{item.name}</span>
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <table className={styles.table} aria-label="Media">
            <thead>
              <tr>
                <th>Name</th>
                <th>Type</th>
                <th>Dimensions</th>
                <th>Size</th>
                <th>Uses</th>
              </tr>
            </thead>
            <tbody>
              {items.map((item) => (
                <tr key={item.id}>
                  <td>
                    <button type="button" className={styles.link} onClick={() => setOpen(item.id)}>
                      {item.name}
                    </button>
                  </td>
                  <td>{item.mime}</td>
                  <td>{item.width ? `${item.width} × ${item.height}` : '—'}</td>
                  <td>{formatBytes(item.size)}</td>
                  <td>{item.uses_count}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
      {list ? (
        <Pagination
          prevUrl={list.prev_page_url}
          nextUrl={list.next_page_url}
          currentPage={list.current_page}
          lastPage={list.last_page}
          total={list.total}
          totalText={(n) => `${n} ${n === 1 ? 'item' : 'items'}`}
          onPrevious={() => setPage((p) => Math.max(1, p - 1))}
          onNext={() => setPage((p) => p + 1)}
        />
      ) : null}
      <FolderDialog
        isOpen={addingFolder}
        within={folders.find((f) => f.id === folderId)}
        folders={folders}
        onClose={() => setAddingFolder(false)}
        onCreated={(folder) => {
          setAddingFolder(false);
          setFolders((shown) => [...shown, folder]);
        }}
      />
      {open ? (
        <MediaPanel
          id={open}
          folders={folders}
          onClose={() => setOpen(null)}
          onRemoved={() => {
            setOpen(null);
            setList(null);
            setRefocus(true);
            void load();
          }}
          onChanged={(_item: MediaItem | null) => void load()}
        />
      ) : null}
    </>
  );
}
