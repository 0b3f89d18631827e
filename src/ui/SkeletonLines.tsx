import { Skeleton } from './Skeleton';

/** A screen-shaped placeholder: a title line and a few lines of content. */
export function SkeletonLines({ lines = 4, label = 'Loading' }: { lines?: number; label?: string }) {
  return (
    <div role="status" aria-label={label} aria-busy="true" style={{ display: 'grid', gap: 'var(--space-1)' }}>
      <Skeleton width="30%" height={28} />
      {Array.from({ length: lines }, (_, i) => (
        // Placeholders have no identity beyond their position.
        // biome-ignore lint/suspicious/noArrayIndexKey: fixed list of identical placeholders
        <Skeleton key={i} width={`${90 - ((i * 17) % 40)}%`} />
      ))}
    </div>
  );
}
