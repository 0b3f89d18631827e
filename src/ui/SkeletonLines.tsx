import { Skeleton } from './Skeleton';

/**
 * A screen-shaped placeholder: a title line and a few lines of content; without the title
 * (`heading={false}`) as tall as that many lines of text, for a part whose heading is already drawn.
 */
export function SkeletonLines({
  lines = 4,
  label = 'Loading',
  heading = true,
}: {
  lines?: number;
  label?: string;
  heading?: boolean;
}) {
  return (
    <div role="status" aria-label={label} aria-busy="true" style={{ display: 'grid', gap: 'var(--space-1)' }}>
      {heading ? <Skeleton width="30%" height={28} /> : null}
      {Array.from({ length: lines }, (_, i) => (
        // Placeholders have no identity beyond their position.
        // biome-ignore lint/suspicious/noArrayIndexKey: fixed list of identical placeholders
        <Skeleton key={i} width={`${90 - ((i * 17) % 40)}%`} height={heading ? undefined : '1lh'} />
      ))}
    </div>
  );
}
