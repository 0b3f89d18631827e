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
  /**
   * What people there are doing, for the sentence: `editing` of those whose role may change the
   * record ('editing this page', 'working in the page tree'), `viewing` of those who may only read it.
   */
  doing: { editing: string; viewing: string };
}

/** What people do on a record called `noun` ('this page'): editing it, or viewing it. */
export const onRecord = (noun: string): PresenceBarProps['doing'] => ({
  editing: `editing ${noun}`,
  viewing: `viewing ${noun}`,
});

/** Someone else there, as the sentence names them. */
export interface OtherPerson {
  name: string;
  editing: boolean;
}

/** 'Robin Editor is also editing this page.', 'Sam Lee and Ann Ray are also viewing this page.' */
function alsoDoing(people: readonly OtherPerson[], doing: string): string {
  if (people.length === 0) return '';
  const names = people.map((person) => person.name);
  return `${peopleNamed(names)} ${names.length === 1 ? 'is' : 'are'} also ${doing}.`;
}

/**
 * What the bar says: who else is here, those who may change the record first ('Robin Editor is
 * also editing this page. Sam Lee is also viewing this page.'), and that the user has the record
 * open in another tab too, where two tabs of theirs could save over each other.
 */
export function presenceSentence(
  others: readonly OtherPerson[],
  inAnotherTab: boolean,
  doing: PresenceBarProps['doing'],
  myself: 'editing' | 'viewing' = 'editing',
): string {
  const sentences = [
    alsoDoing(
      others.filter((person) => person.editing),
      doing.editing,
    ),
    alsoDoing(
      others.filter((person) => !person.editing),
      doing.viewing,
    ),
    inAnotherTab ? `You are also ${doing[myself]} in another tab.` : '',
  ];
  return sentences.filter(Boolean).join(' ');
}

/**
 * Who else has this record open: their initials and names, and one sentence a screen reader
 * announces when it changes ('Robin Editor is also editing this page.'), which also says when the
 * user has it open in another tab. Nothing while nobody is.
 */
export function PresenceBar({ record, doing }: PresenceBarProps) {
  const { others, inAnotherTab, editing } = usePresence(record);
  const sentence = presenceSentence(others, inAnotherTab, doing, editing ? 'editing' : 'viewing');
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
