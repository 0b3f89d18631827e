import { type ComponentType, Fragment, type ReactNode, useDeferredValue, useState } from 'react';
import { useParams, useRoute } from 'wouter';
import { missingRecord } from '@/shared/missing';
import { NotFound } from '@/ui/NotFound';
import { SkeletonLines } from '@/ui/SkeletonLines';
import { useLoad } from '@/ui/useLoad';

export interface LoadedBuilderProps<T> {
  /** What the builder holds, as the screen's texts name it: 'page', 'form', 'template'. */
  noun: string;
  /** The list its not-found screen leads back to. */
  listHref: string;
  load: () => Promise<T>;
  /** Names what is loaded: a new key loads again. */
  loadKey: string;
  /** The builder for what was loaded; `reload` loads it again into a fresh builder. */
  children: (loaded: T, reload: () => void) => ReactNode;
}

/** A builder screen's record: a skeleton while it loads, not found when it cannot. */
export function LoadedBuilder<T>({ noun, listHref, load, loadKey, children }: LoadedBuilderProps<T>) {
  const [round, setRound] = useState(0);
  const loaded = useLoad(load, `${loadKey}:${round}`);
  // The builder is drawn from what was loaded in a deferred render, which React does in slices
  // between which the page still answers; the skeleton stays until it is done. Drawn at once, a
  // long page's builder held the main thread for one long task.
  const drawn = useDeferredValue(loaded);
  if (loaded.status === 'loading' || drawn !== loaded)
    return <SkeletonLines lines={8} label={`Loading the ${noun}`} />;
  if (loaded.status === 'failed') {
    return <NotFound message={missingRecord(noun)} action={{ label: `View all ${noun}s`, href: listHref }} />;
  }
  return <Fragment key={round}>{children(loaded.data, () => setRound((n) => n + 1))}</Fragment>;
}

export interface BuilderScreenParts<T> {
  noun: string;
  /** The area's list: its builder stands at /add, /add/{parent} and /edit/{id} below it. */
  listHref: string;
  /** The record to edit (`editing`), the parent of a new one, or nothing (`id` null). */
  load: (editing: boolean, id: number | null) => Promise<T>;
  Builder: ComponentType<T & { reload: () => void }>;
}

/** An area's builder screen: the record from the route, loaded, then its builder. */
export function BuilderScreen<T extends object>({ noun, listHref, load, Builder }: BuilderScreenParts<T>) {
  const { id } = useParams<{ id?: string }>();
  const [editing] = useRoute(`${listHref}/edit/:id`);
  const numeric = id === undefined ? null : Number(id);
  return (
    <LoadedBuilder
      noun={noun}
      listHref={listHref}
      load={() => load(editing, numeric)}
      loadKey={`${editing}:${id}`}
    >
      {(loaded, reload) => <Builder {...loaded} reload={reload} />}
    </LoadedBuilder>
  );
}
