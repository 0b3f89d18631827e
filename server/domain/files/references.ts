import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/open';
import { brands } from '../../db/schema/brands';
import { dealerships } from '../../db/schema/dealerships';
import { users } from '../../db/schema/users';

/**
 * Which stored files an area's rows refer to. Every area that keeps upload paths adds one of
 * these, so deleting a row forever removes its files and the sweep knows what is still in use.
 */
export interface FileReferences {
  /** The upload folders (files/upload handles) whose files this area keeps. */
  folders: string[];
  /** The paths the rows with these ids refer to; every row's (the bin's too) without ids. */
  paths(db: Db, ids?: number[]): Promise<string[]>;
}

const present = (paths: (string | null | undefined)[]): string[] =>
  paths.filter((p): p is string => typeof p === 'string' && p.startsWith('/storage/'));

/** Paths written into rich text (`![](/storage/...)`) count as references too. */
const STORAGE_PATH = /\/storage\/[A-Za-z0-9_]+\/[A-Za-z0-9_.-]+/g;
export const pathsInText = (text: string | null): string[] => (text ? (text.match(STORAGE_PATH) ?? []) : []);

export const userFiles: FileReferences = {
  folders: ['avatar'],
  async paths(db, ids) {
    const rows = await db
      .select({ meta: users.meta })
      .from(users)
      .where(ids ? inArray(users.id, ids) : undefined);
    return present(rows.map((row) => row.meta.avatar));
  },
};

export const brandFiles: FileReferences = {
  folders: ['logo'],
  async paths(db, ids) {
    const rows = await db
      .select({ meta: brands.meta })
      .from(brands)
      .where(ids ? inArray(brands.id, ids) : undefined);
    return present(rows.map((row) => row.meta.logo));
  },
};

export const dealershipFiles: FileReferences = {
  folders: ['banner_img', 'dealer_img', 'team_image'],
  async paths(db, ids) {
    const rows = await db
      .select({ images: dealerships.images, team: dealerships.team, copy: dealerships.copy })
      .from(dealerships)
      .where(ids ? inArray(dealerships.id, ids) : undefined);
    return present(
      rows.flatMap((row) => [
        ...(row.images.banner_img ?? []),
        ...(row.images.dealer_img ?? []),
        ...row.team.flatMap((member) => member.image ?? []),
        ...pathsInText(row.copy),
      ]),
    );
  },
};

/** Every area that keeps files. */
export const fileReferences: FileReferences[] = [userFiles, brandFiles, dealershipFiles];
