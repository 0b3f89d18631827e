import { initials } from '@/shared/format';
import styles from './PresenceBar.module.css';
import { usePresence } from './usePresence';

/** 'Robin Editor', 'Robin Editor and Sam Lee', 'Robin Editor, Sam Lee and 2 others'. */
export function peopleNamed(names: readonly string[]): string {
  if (names.length <= 2) return names.join(' and ');
  if (names.length === 3) return `${names[0]}, ${names[1]} and ${names[2]}`;
  return `${names[0]}, ${names[1]} and ${names.length - 2} others`;
}

export interface PresenceBarProps {
  /** The record as the presence stream names it (`pages:12`, `brands:3`, `settings`, `pages`). */
  record: string | null;
  /** What the others are doing there, for the sentence: 'editing this page', 'viewing the page tree'. */
  doing: string;
}

/**
 * Who else has this record open: their initials and names, and one sentence a screen reader
 * announces when it changes ('Robin Editor is also editing this page.'). Nothing while nobody is.
 */
export function PresenceBar({ record, doing }: PresenceBarProps) {
  const others = usePresence(record);
  const names = others.map((person) => person.name);
  const sentence =
    others.length === 0 ? '' : `${peopleNamed(names)} ${others.length === 1 ? 'is' : 'are'} also ${doing}.`;
  return (
    // The status stays in place while nobody else is here, so that an arrival is announced.
    <section className={others.length === 0 ? styles.empty : styles.bar} aria-label="Who else is here">
      <ul className={styles.people} hidden={others.length === 0}>
        {others.map((person) => (
          <li key={person.id} className={styles.person} title={person.name}>
            <span className={styles.avatar} aria-hidden="true">
              {initials(person.name)}
            </span>
            <span className={styles.name}>{person.name}</span>
          </li>
        ))}
      </ul>
      <p role="status" className={styles.sentence}>
        {sentence}
      </p>
    </section>
  );
}
