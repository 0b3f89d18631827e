import { Fragment, type ReactNode, useState } from 'react';
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
  if (loaded.status === 'loading') return <SkeletonLines lines={8} label={`Loading the ${noun}`} />;
  if (loaded.status === 'failed') {
    return (
      <NotFound
        message={`The ${noun} you are trying to locate clearly doesn’t exist...`}
        action={{ label: `View all ${noun}s`, href: listHref }}
      />
    );
  }
  return <Fragment key={round}>{children(loaded.data, () => setRound((n) => n + 1))}</Fragment>;
}
