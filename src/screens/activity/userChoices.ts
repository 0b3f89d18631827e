import { api } from '@/api/endpoints';

export interface UserChoice {
  id: number;
  name: string;
}

/** Enough pages for any dealership group's staff; the filter stays usable if there are more. */
const MOST_PAGES = 40;

/**
 * Everyone who can appear in the log, for the User filter: the users, and those in the bin (their
 * changes stay in the log). The users call is paged, so its pages are read until the last, and the
 * names come sorted as a person looks for them.
 */
export async function loadUserChoices(): Promise<UserChoice[]> {
  const byId = new Map<number, UserChoice>();
  for (let page = 1; page <= MOST_PAGES; page++) {
    const { users, trashed } = await api.users.list({ query: { search: '', page } });
    for (const user of [...users.data, ...trashed.data]) byId.set(user.id, { id: user.id, name: user.name });
    if (!users.next_page_url && !trashed.next_page_url) break;
  }
  return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name, 'en-GB'));
}
