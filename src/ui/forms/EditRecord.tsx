import type { ReactNode } from 'react';
import { ApiError } from '@/api/client';
import { describeFailure } from '@/machines/errors';
import { missingRecord } from '@/shared/missing';
import { useRecordTitle } from '../documentTitle';
import { EmptyState } from '../EmptyState';
import { NotFound } from '../NotFound';
import { SkeletonLines } from '../SkeletonLines';
import { useLoad } from '../useLoad';

export interface EditRecordProps<T extends { updated_at: string }> {
  /** What the route names (its `:id`): a new id loads again. */
  id: string;
  /** The record (and whatever the form needs beside it); a 404 means it does not exist. */
  load: () => Promise<T>;
  /** 'user': 'The user you are trying to locate clearly doesn't exist...', 'Loading the user'. */
  one: string;
  /** 'users' and '/users': 'View all users'. */
  many: string;
  listHref: string;
  /** The record's name, put in the document title once it has loaded. */
  nameOf: (record: T) => string;
  /**
   * The form for the loaded record. `reload` fetches it again (after a conflict, 'Load their
   * changes'); the form starts afresh from the record as it is then.
   */
  children: (record: T, reload: () => void) => ReactNode;
}

/** A record that is not there, or an id that cannot be one. */
function isMissing(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 422);
}

/**
 * Load, not-found and conflict for every edit screen: a skeleton while the record loads, the
 * spec's not-found message when it does not exist, a retry when the server could not answer, and
 * the form keyed by the record's `updated_at`, so after a 409 'Load their changes' shows the
 * record as someone else left it and the form starts from that.
 */
export function EditRecord<T extends { updated_at: string }>({
  id,
  load,
  one,
  many,
  listHref,
  nameOf,
  children,
}: EditRecordProps<T>) {
  const loaded = useLoad(load, id);
  useRecordTitle(loaded.status === 'ready' ? nameOf(loaded.data) : null);
  if (loaded.status === 'loading') return <SkeletonLines lines={8} label={`Loading the ${one}`} />;
  if (loaded.status === 'failed') {
    if (!isMissing(loaded.error)) {
      return (
        <EmptyState
          icon="cross"
          title={`The ${one} could not be loaded.`}
          text={describeFailure(loaded.error).message}
          action={{ label: 'Try again', onPress: loaded.reload }}
        />
      );
    }
    return <NotFound message={missingRecord(one)} action={{ label: `View all ${many}`, href: listHref }} />;
  }
  return <KeyedByVersion key={loaded.data.updated_at}>{children(loaded.data, loaded.reload)}</KeyedByVersion>;
}

/** A new version of the record mounts a new form: nothing typed against the old one lingers. */
function KeyedByVersion({ children }: { children: ReactNode }) {
  return <>{children}</>;
}
