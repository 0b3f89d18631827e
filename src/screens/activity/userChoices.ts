import { api } from '@/api/endpoints';

export interface UserChoice {
  id: number;
  name: string;
}

/**
 * The people the User filter offers: those with entries in the log that the signed-in user may
 * read (the server decides, by the log's own rule), sorted as a person looks for a name.
 */
export async function loadUserChoices(): Promise<UserChoice[]> {
  const { data } = await api.activity.users({});
  return [...data].sort((a, b) => a.name.localeCompare(b.name, 'en-GB'));
}
