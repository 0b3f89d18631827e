import { useEffect, useState } from 'react';
import type { PresenceEvent, PresentPerson } from '@/api/contract/presence';
import { followPresence } from '@/api/presence';
import { useSignedInUser } from '@/machines/session';

/** Who else has a record open, and whether the signed-in user has it open in another tab too. */
export interface Presence {
  /** Everyone else, earliest first (the signed-in user's own other tabs are not someone else). */
  others: PresentPerson[];
  /** The signed-in user has the record open in another tab (or window) besides this one. */
  inAnotherTab: boolean;
  /** The signed-in user's role may change the record, as the stream says (until it has, yes). */
  editing: boolean;
}

/** Who is on a record, as the stream last said it; nobody with no record or before its first event. */
export function usePresence(record: string | null): Presence {
  const me = useSignedInUser().id;
  const [event, setEvent] = useState<PresenceEvent | null>(null);
  useEffect(() => {
    setEvent(null);
    if (!record) return undefined;
    return followPresence(record, setEvent);
  }, [record]);
  const people = event?.people ?? [];
  return {
    others: people.filter((person) => person.id !== me),
    editing: people.find((person) => person.id === me)?.editing ?? true,
    // This tab is one of the user's own tabs the stream counts.
    inAnotherTab: (event?.own_tabs ?? 0) > 1,
  };
}
