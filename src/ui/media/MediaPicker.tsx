import { useEffect, useRef, useState } from 'react';
import { GridList, GridListItem, type Selection } from 'react-aria-components';
import type { MediaFolder, MediaItem } from '@/api/contract/media';
import { api } from '@/api/endpoints';
import { type UploadRow, uploadFiles } from '@/api/mediaUpload';
import { useCallAllowed } from '@/machines/session';
import { Button } from '../Button';
import { Modal } from '../Modal';
import { Pagination } from '../Pagination';
import { LibraryToolbar, UploadList } from './LibraryParts';
import styles from './MediaPicker.module.css';
import { rememberMedia } from './mediaCache';
import { thumbnailAttributes } from './thumbnail';
import { useUploadFolder } from './uploadFolder';

type Paged = Awaited<ReturnType<typeof api.media.list>>['media'];

export interface MediaPickerProps {
  isOpen: boolean;
  /** Escape, Cancel and the close button; focus goes back to the button that opened the dialog. */
  onClose: () => void;
  /** The chosen items, in the order they were chosen; the dialog closes. */
  onPick: (items: MediaItem[]) => void;
  /** How many items may be chosen at once (what the field has room for). */
  max: number;
  title?: string;
}

const IMAGE_TYPES = 'image/png,image/jpeg,image/gif,image/webp,image/avif,image/svg+xml';

/**
 * Picks images from the media library, or uploads new ones into it: a search, a folder filter and a
 * grid of the library's images (arrow keys move, Space or Enter chooses, Escape closes). Uploaded
 * files are chosen as they arrive.
 */
export function MediaPicker({
  isOpen,
  onClose,
  onPick,
  max,
  title = 'Choose from the library',
}: MediaPickerProps) {
  const [search, setSearch] = useState('');
  const [folderId, setFolderId] = useState<number | null>(null);
  const [page, setPage] = useState(1);
  const [list, setList] = useState<Paged | null>(null);
  const [folders, setFolders] = useState<MediaFolder[]>([]);
  const [chosen, setChosen] = useState<MediaItem[]>([]);
  const [uploads, setUploads] = useState<UploadRow[]>([]);
  const [uploading, setUploading] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const files = useRef<HTMLInputElement>(null);
  // Uploading needs media create; browsing (media view) is checked by the field that opens this.
  const mayUpload = useCallAllowed('media.upload');

  useEffect(() => {
    if (!isOpen) return;
    let live = true;
    api.media
      .list({
        query: { search, page, type: 'image', ...(folderId ? { folder_id: folderId } : {}) },
      })
      .then(({ media }) => {
        if (!live) return;
        rememberMedia(media.data);
        setList(media);
        setFailed(null);
      })
      .catch(() => live && setFailed('The library could not be read. Try again.'));
    return () => {
      live = false;
    };
  }, [isOpen, search, page, folderId]);

  useEffect(() => {
    if (!isOpen) return;
    void api.media
      .folders({})
      .then(({ data }) => setFolders(data))
      .catch(() => setFolders([]));
  }, [isOpen]);

  const close = () => {
    setChosen([]);
    setUploads([]);
    onClose();
  };

  const selection: Selection = new Set(chosen.map((item) => item.id));
  const onSelectionChange = (keys: Selection) => {
    const shown = list?.data ?? [];
    const wanted = keys === 'all' ? new Set(shown.map((item) => item.id)) : new Set([...keys].map(Number));
    // Kept: chosen items on other pages; added: those chosen here, in the order they were chosen.
    const kept = chosen.filter((item) => wanted.has(item.id) || !shown.some((s) => s.id === item.id));
    const added = shown.filter((item) => wanted.has(item.id) && !kept.some((k) => k.id === item.id));
    setChosen(max === 1 ? added.slice(-1) : [...kept, ...added]);
  };

  const target = useUploadFolder(folderId, folders);
  async function upload(picked: File[]) {
    if (picked.length === 0) return;
    setUploading(true);
    try {
      const rows = await uploadFiles(picked, target.id, setUploads);
      // Only images are chosen: a PDF is stored in the library, but a block shows images.
      const stored = rows.flatMap((row) => (row.item?.mime.startsWith('image/') ? [row.item] : []));
      rememberMedia(stored);
      if (stored.length > 0) {
        setChosen((current) =>
          max === 1
            ? stored.slice(-1)
            : [...current, ...stored.filter((s) => !current.some((c) => c.id === s.id))],
        );
        setSearch('');
        setPage(1);
        const { media } = await api.media.list({
          query: { search: '', page: 1, type: 'image', ...(folderId ? { folder_id: folderId } : {}) },
        });
        rememberMedia(media.data);
        setList(media);
      }
    } finally {
      setUploading(false);
    }
  }

  const over = chosen.length > max;
  const items = list?.data ?? [];
  return (
    <Modal
      isOpen={isOpen}
      onClose={close}
      title={title}
      size="lg"
      bodyClassName={styles.body}
      footer={
        <>
          <Button variant="ghost" onPress={close}>
            Cancel
          </Button>
          <Button
            variant="primary"
            isDisabled={chosen.length === 0}
            disabledReason={over ? `Choose at most ${max}.` : null}
            onPress={() => {
              const picked = chosen;
              setChosen([]);
              setUploads([]);
              onPick(picked);
            }}
          >
            {chosen.length > 1 ? `Use ${chosen.length} images` : 'Use image'}
          </Button>
        </>
      }
    >
      <LibraryToolbar
        searchLabel="Search the library"
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
        <Button
          size="sm"
          icon="upload"
          isPending={uploading}
          isDisabled={!mayUpload.allowed}
          disabledReason={mayUpload.reason}
          onPress={() => files.current?.click()}
        >
          Upload into the library
        </Button>
        <input
          ref={files}
          type="file"
          accept={IMAGE_TYPES}
          multiple={max > 1}
          hidden
          aria-label="Images to upload"
          onChange={(event) => {
            void upload(Array.from(event.target.files ?? []));
            event.target.value = '';
          }}
        />
      </LibraryToolbar>
      <UploadList uploads={uploads} />
      {failed ? <p role="alert">{failed}</p> : null}
      <GridList
        aria-label="Library images"
        layout="grid"
        className={styles.grid}
        items={items}
        selectionMode={max === 1 ? 'single' : 'multiple'}
        selectionBehavior="toggle"
        selectedKeys={selection}
        onSelectionChange={onSelectionChange}
        renderEmptyState={() => (
          <p className={styles.empty}>{list ? 'No images found.' : 'Loading the library…'}</p>
        )}
      >
        {(item) => (
          <GridListItem id={item.id} textValue={item.name} className={styles.tile}>
            <img {...thumbnailAttributes(item, '(max-width: 640px) 50vw, 200px')} alt="" loading="lazy" />
            <span className={styles.name}>{item.name}</span>
            {item.alt ? null : item.decorative ? null : <span className={styles.note}>No alt text</span>}
          </GridListItem>
        )}
      </GridList>
      {list && list.last_page > 1 ? (
        <Pagination
          prevUrl={list.prev_page_url}
          nextUrl={list.next_page_url}
          currentPage={list.current_page}
          lastPage={list.last_page}
          total={list.total}
          totalText={(n) => `${n} ${n === 1 ? 'image' : 'images'}`}
          onPrevious={() => setPage((p) => Math.max(1, p - 1))}
          onNext={() => setPage((p) => p + 1)}
        />
      ) : null}
      <p className={styles.count} role="status">
        {chosen.length === 0
          ? 'Nothing chosen yet.'
          : `Chosen: ${chosen.map((item) => item.name).join(', ')}`}
      </p>
    </Modal>
  );
}
