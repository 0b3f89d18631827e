import type { MediaFolder } from '@/api/contract/media';
import { useGroupWide } from '@/machines/session';

/**
 * The folder an upload goes into: the one the library shows. With every folder shown, a group-wide
 * user's upload goes to the group's own level (no folder), where everyone may use it; a scoped
 * user's must be filed where their scope reaches, so it goes into the first folder they see, and
 * the library says which.
 */
export function uploadFolder(
  shown: number | null,
  folders: readonly MediaFolder[],
  groupWide: boolean,
): { id: number | null; chosenFor: MediaFolder | null } {
  if (shown !== null) return { id: shown, chosenFor: null };
  if (groupWide) return { id: null, chosenFor: null };
  const first = folders[0] ?? null;
  return { id: first?.id ?? null, chosenFor: first };
}

/** `uploadFolder` for whoever is signed in. */
export function useUploadFolder(shown: number | null, folders: readonly MediaFolder[]) {
  return uploadFolder(shown, folders, useGroupWide());
}
