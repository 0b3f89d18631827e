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
 * What the bar says: who else is here ('Robin Editor is also editing this page.'), and that the
 * user has the record open in another tab too, where two tabs of theirs could save over each other.
 */
export function presenceSentence(others: readonly string[], inAnotherTab: boolean, doing: string): string {
  const sentences = [
    others.length === 0 ? '' : `${peopleNamed(others)} ${others.length === 1 ? 'is' : 'are'} also ${doing}.`,
    inAnotherTab ? `You are also ${doing} in another tab.` : '',
  ];
  return sentences.filter(Boolean).join(' ');
}

/**
 * Who else has this record open: their initials and names, and one sentence a screen reader
 * announces when it changes ('Robin Editor is also editing this page.'), which also says when the
 * user has it open in another tab. Nothing while nobody is.
 */
export function PresenceBar({ record, doing }: PresenceBarProps) {
  const { others, inAnotherTab } = usePresence(record);
  const sentence = presenceSentence(
    others.map((person) => person.name),
    inAnotherTab,
    doing,
  );
  return (
    // The status stays in place while it has nothing to say, so that an arrival is announced.
    <section className={sentence === '' ? styles.empty : styles.bar} aria-label="Who else is here">
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
