import type { WordSegment } from '@/shared/history/diff';
import styles from './History.module.css';

/**
 * One side of a changed text: the kept words plain and the words only this side has marked,
 * struck through (`del`, the older side) or underlined (`ins`, the newer side), each with a
 * hidden 'removed:' or 'added:' for screen readers.
 */
export function WordMarks({
  segments,
  side,
}: {
  segments: readonly WordSegment[];
  side: 'before' | 'after';
}) {
  const own = side === 'before' ? 'removed' : 'added';
  return (
    <span className={styles.words}>
      {segments.map((segment, i) => {
        // Segments have no identity beyond their place in this one text.
        const key = `${i}:${segment.kind}`;
        if (segment.kind === 'same') return <span key={key}>{segment.text}</span>;
        if (segment.kind !== own) return null;
        return own === 'removed' ? (
          <del key={key} className={styles.del}>
            <span className="sr-only">removed: </span>
            {segment.text}
          </del>
        ) : (
          <ins key={key} className={styles.ins}>
            <span className="sr-only">added: </span>
            {segment.text}
          </ins>
        );
      })}
    </span>
  );
}
