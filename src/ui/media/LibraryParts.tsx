import type { ReactNode, Ref } from 'react';
import type { MediaFolder } from '@/api/contract/media';
import type { UploadRow } from '@/api/mediaUpload';
import { SearchField } from '../SearchField';
import { Select } from '../Select';
import styles from './LibraryParts.module.css';

export interface LibraryToolbarProps {
  searchLabel: string;
  search: string;
  folders: MediaFolder[];
  folderId: number | null;
  /** Each change starts again from the first page: the caller's page goes back to 1 with it. */
  onSearch: (search: string) => void;
  onFolder: (folderId: number | null) => void;
  /** More filters and actions after the search and the folder. */
  children?: ReactNode;
  ref?: Ref<HTMLDivElement>;
}

/** The media library's search by name, alt text and tags, and its folder filter: the screen's and the picker's. */
export function LibraryToolbar(props: LibraryToolbarProps) {
  return (
    <div className={styles.toolbar} ref={props.ref}>
      <SearchField
        label={props.searchLabel}
        placeholder="Search name, alt text, tags…"
        size="sm"
        value={props.search}
        onChange={props.onSearch}
      />
      <Select
        label="Folder"
        hideLabel
        items={[{ id: 0, name: 'All folders' }, ...props.folders.map((f) => ({ id: f.id, name: f.name }))]}
        selectedKey={props.folderId ?? 0}
        onSelectionChange={(key) => props.onFolder(key ? Number(key) : null)}
      />
      {props.children}
    </div>
  );
}

/** What a file being uploaded into the library says about itself. */
export function uploadStatus(row: UploadRow): string {
  if (row.state === 'waiting') return 'Waiting';
  if (row.state === 'uploading') return 'Uploading…';
  if (row.state === 'done') return row.duplicate ? 'Already in the library' : 'Uploaded';
  return row.error ?? '';
}

/** Each file of an upload with its own progress and its own error, each spoken as it changes. */
export function UploadList({ uploads }: { uploads: UploadRow[] }) {
  if (uploads.length === 0) return null;
  return (
    <ul className={styles.uploads} aria-label="Uploads">
      {uploads.map((row) => (
        <li key={row.key} data-state={row.state}>
          <span>{row.name}</span> <span role="status">{uploadStatus(row)}</span>
        </li>
      ))}
    </ul>
  );
}
