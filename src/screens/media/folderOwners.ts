import type { MediaFolder } from '@/api/contract/media';
import { isGroupWide, type Scope } from '@/shared/access';

/** Whose a new folder is: the group's, a brand's or a dealership's, as a select's key. */
export type OwnerKey = string;
export const GROUP_OWNER: OwnerKey = 'group';

type Owned = Pick<MediaFolder, 'brand_id' | 'dealership_id'>;

export const ownerKey = (folder: Owned): OwnerKey =>
  folder.dealership_id !== null
    ? `dealership:${folder.dealership_id}`
    : folder.brand_id !== null
      ? `brand:${folder.brand_id}`
      : GROUP_OWNER;

/** The brand and dealership ids a key stands for, as folders/create takes them. */
export function ownerIds(key: OwnerKey): { brand_id: number | null; dealership_id: number | null } {
  const [kind, id] = key.split(':');
  return {
    brand_id: kind === 'brand' ? Number(id) : null,
    dealership_id: kind === 'dealership' ? Number(id) : null,
  };
}

/**
 * Whom the signed-in user may give a new folder: the whole group when they are group-wide, then
 * the brands and the dealerships their folders reach, named by each one's own folder.
 */
export function folderOwners(
  folders: readonly MediaFolder[],
  scope: Scope,
): { id: OwnerKey; name: string }[] {
  const own = folders.filter((folder) => folder.own);
  const byName = (list: MediaFolder[]) =>
    list
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((folder) => ({ id: ownerKey(folder), name: folder.name }));
  return [
    ...(isGroupWide(scope) ? [{ id: GROUP_OWNER, name: 'Whole group' }] : []),
    ...byName(own.filter((folder) => folder.dealership_id === null)),
    ...byName(own.filter((folder) => folder.dealership_id !== null)),
  ];
}

/**
 * Whose a new folder starts as: the folder shown's owner; else the whole group for a group-wide
 * user, or the one brand or dealership a user scoped to exactly one has. Else the user chooses.
 */
export function startingOwner(within: Owned | undefined, scope: Scope): OwnerKey | null {
  if (within) return ownerKey(within);
  if (isGroupWide(scope)) return GROUP_OWNER;
  const [brand, ...brands] = scope.brand_ids;
  const [dealership, ...dealerships] = scope.dealership_ids;
  if (brand !== undefined && brands.length === 0 && dealership === undefined) return `brand:${brand}`;
  if (dealership !== undefined && dealerships.length === 0 && brand === undefined)
    return `dealership:${dealership}`;
  return null;
}
