import { useEffect, useState } from 'react';
import type { PresentPerson } from '@/api/contract/presence';
import { followPresence } from '@/api/presence';
import { useSignedInUser } from '@/machines/session';

/**
 * Everyone else who has the record open now (the signed-in user's own other tabs are not
 * someone else), earliest first; empty while nobody else is there or with no record.
 */
export function usePresence(record: string | null): PresentPerson[] {
  const me = useSignedInUser().id;
  const [people, setPeople] = useState<PresentPerson[]>([]);
  useEffect(() => {
    setPeople([]);
    if (!record) return undefined;
    return followPresence(record, (event) => setPeople(event.people));
  }, [record]);
  return people.filter((person) => person.id !== me);
}
