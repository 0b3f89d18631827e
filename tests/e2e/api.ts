import { inject } from 'vitest';
import { z } from 'zod';
import { type LifecycleKey, lifecycleAreas } from '@/api/contract/all';
import type { Brand } from '@/api/contract/brands';
import type { Paginator } from '@/api/contract/common';
import { type Dealership, type DealershipInput, weekdays } from '@/api/contract/dealerships';
import { baseURL } from './server';

/**
 * The admin API as the browser tests use it to set up their own records: sign in for a token,
 * then create, bin, count or clear away users, brands and dealerships without going through the
 * screens under test.
 */

export interface NewUser {
  name: string;
  email: string;
  telephone?: string;
  job_title?: string;
  password?: string;
  /** A seeded role's id (1..6 follow roleTemplates in src/shared/access.ts); none: Read only. */
  role_id?: number;
  /** Where they may act; none: the whole group. */
  scope?: { brand_ids: number[]; dealership_ids: number[] };
}

export interface UserTotals {
  all: number;
  bin: number;
}

interface UsersListBody {
  users: { total: number; data: Array<{ id: number; name: string }> };
  trashed: { total: number; data: Array<{ id: number; name: string }> };
}

export async function apiRequest<T>(
  token: string | null,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(new URL(`/api/${path}`, baseURL()), {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} /api/${path} answered ${response.status}: ${text}`);
  return JSON.parse(text) as T;
}

/** An access token for the first admin (or whoever is named). */
export async function apiToken(
  email: string = inject('adminEmail'),
  password: string = inject('adminPassword'),
): Promise<string> {
  const body = await apiRequest<{ access_token: string }>(null, 'POST', 'auth/login', { email, password });
  return body.access_token;
}

/** Creates an active user and answers its id. */
/** The seeded roles' ids: they follow roleTemplates in src/shared/access.ts. */
export const GROUP_ADMINISTRATOR_ROLE = 1;
export const BRAND_MANAGER_ROLE = 3;
export const DEALERSHIP_MANAGER_ROLE = 4;
export const READ_ONLY_ROLE = 6;

export async function createUser(token: string, user: NewUser): Promise<number> {
  const body = await apiRequest<{ id: number }>(token, 'POST', 'users/create', {
    telephone: '',
    job_title: '',
    password: 'Forecourt-Pass-2024',
    role_id: READ_ONLY_ROLE,
    ...user,
  });
  return body.id;
}

/** `all` moves users to the bin; `trashed` deletes them forever. */
export async function deleteUsers(token: string, ids: number[], type: 'all' | 'trashed'): Promise<void> {
  await deleteRecords(token, 'users', ids, type);
}

export async function listUsers(token: string, search = '', page = 1): Promise<UsersListBody> {
  const query = new URLSearchParams({ page: String(page) });
  if (search) query.set('search', search);
  return apiRequest<UsersListBody>(token, 'GET', `users?${query}`);
}

export async function userTotals(token: string, search = ''): Promise<UserTotals> {
  const body = await listUsers(token, search);
  return { all: body.users.total, bin: body.trashed.total };
}

export interface NewBrand {
  name: string;
  slug: string;
  live?: boolean;
  /** A library item's id. */
  logo?: number | null;
}

/** Creates a brand (live, no manufacturer, no logo unless given) and answers its id. */
export async function createBrand(token: string, brand: NewBrand): Promise<number> {
  const body = await apiRequest<{ id: number }>(token, 'POST', 'brands/create', {
    live: true,
    is_fake: false,
    manufacturer_id: 0,
    lcv_manufacturer_id: 0,
    logo: null,
    ...brand,
  });
  return body.id;
}

/** A hero block named `name` with this title and no button, as a page's items are stored. */
export const heroBlock = (name: string, title: string) => ({
  index: 'hero',
  name,
  hideable: { item: true, sections: ['button'] },
  sections: {
    content: { fields: { title, subtitle: '', alignment: 'center' } },
    slides: { entries: [] },
    button: { hidden: true, fields: { label: '', link: '', style: 'primary' } },
  },
});

/**
 * Creates an unpublished page at the top of the tree (or under `parent`) and answers its id. It
 * belongs to the first brand unless `fields` name another; `fields` may set any other field too.
 */
export async function createPage(
  token: string,
  name: string,
  { parent = null, ...fields }: { parent?: number | null } & Record<string, unknown> = {},
): Promise<number> {
  const brandId =
    fields.brand_id ??
    (await apiRequest<{ brands: { data: { id: number }[] } }>(token, 'GET', 'brands?perPage=-1')).brands
      .data[0]?.id;
  const body = await apiRequest<{ id: number }>(token, 'POST', 'pages/store', {
    data: {
      name,
      slug: 'made-from-the-name',
      brand_id: brandId,
      meta: { title: name, description: name },
      published: 0,
      ...fields,
    },
    parent,
  });
  return body.id;
}

export interface BrandsBody {
  brands: Paginator<Brand>;
  trashed: Paginator<Brand>;
}

/** Every brand on one page (perPage=-1), active and binned, searched when `search` is given. */
export async function listBrands(token: string, search = ''): Promise<BrandsBody> {
  const query = new URLSearchParams({ perPage: '-1' });
  if (search) query.set('search', search);
  return apiRequest<BrandsBody>(token, 'GET', `brands?${query}`);
}

/** One department's hours, the same every day but Sunday (closed). */
export const openingTimes = (department: string, hours: string) => ({
  department,
  days: Object.fromEntries(weekdays.map((day) => [day, day === 'sunday' ? 'Closed' : hours])),
});

export type NewDealership = Partial<DealershipInput> & { name: string; slug: string };

/** Creates a live dealership in Leeds with sales hours and Pinnacle ids, and answers its id. */
export async function createDealership(token: string, fields: NewDealership): Promise<number> {
  const body = await apiRequest<{ id: number }>(token, 'POST', 'dealerships/create', {
    live: true,
    email: 'sales@northway.example',
    telephone: '0113 496 0000',
    address: {
      address_line_1: '1 Test Road',
      city: 'Leeds',
      county: 'West Yorkshire',
      postcode: 'LS1 1AA',
      lat: 53.8,
      lng: -1.55,
    },
    opening_times: [openingTimes('Sales', '9:00 - 18:00')],
    pinnacle_enquiry_id: 'PIN-NEW',
    pinnacle_used_enquiry_id: 'PIN-USED',
    ...fields,
  });
  return body.id;
}

export interface DealershipsBody {
  dealerships: Paginator<Dealership>;
  trashed: Paginator<Dealership>;
}

/** Every dealership on one page (perPage=-1), active and binned, searched when `search` is given. */
export async function listDealerships(token: string, search = ''): Promise<DealershipsBody> {
  const query = new URLSearchParams({ perPage: '-1' });
  if (search) query.set('search', search);
  return apiRequest<DealershipsBody>(token, 'GET', `dealerships?${query}`);
}

/** The areas with a bin, as the contract declares them (`lifecycleAreas`). */
export type { LifecycleKey };

/** `all` moves the records to the bin; `trashed` deletes them (already in the bin) forever. */
export async function deleteRecords(
  token: string,
  key: LifecycleKey,
  ids: number[],
  type: 'all' | 'trashed',
): Promise<void> {
  const { remove } = lifecycleAreas[key];
  await apiRequest(token, remove.method, remove.path, { [key]: ids, type });
}

export async function restoreRecords(token: string, key: LifecycleKey, ids: number[]): Promise<void> {
  const { restore } = lifecycleAreas[key];
  await apiRequest(token, restore.method, restore.path, { [key]: ids });
}

/** Whether a list can put every row on one page (its query takes perPage=-1). */
function listsWhole(key: LifecycleKey): boolean {
  const { query } = lifecycleAreas[key].list;
  return query instanceof z.ZodObject && 'perPage' in query.shape;
}

/** The ids of an area's active and binned records, every page of them, searched when `search` is given. */
export async function recordIds(
  token: string,
  key: LifecycleKey,
  search = '',
): Promise<{ active: number[]; trashed: number[] }> {
  const ids = { active: [] as number[], trashed: [] as number[] };
  for (let page = 1; ; page++) {
    const query = new URLSearchParams({ page: String(page) });
    // Some lists are paged by the server alone; the others can put every row on one page.
    if (listsWhole(key)) query.set('perPage', '-1');
    if (search) query.set('search', search);
    const { list } = lifecycleAreas[key];
    const body = await apiRequest<Record<string, Paginator<{ id: number }>>>(
      token,
      list.method,
      `${list.path}?${query}`,
    );
    const active = body[key];
    const trashed = body.trashed;
    if (!active || !trashed)
      throw new Error(`${list.method} /api/${list.path} answered without ${key} and trashed`);
    ids.active.push(...active.data.map((row) => row.id));
    ids.trashed.push(...trashed.data.map((row) => row.id));
    if (!active.next_page_url && !trashed.next_page_url) return ids;
  }
}

/**
 * Deletes records for good wherever they are: active ones go through the bin first. Without
 * `ids`, every record the search finds; with them, only those of them that still exist.
 */
export async function deleteForGood(
  token: string,
  key: LifecycleKey,
  { search = '', ids }: { search?: string; ids?: number[] },
): Promise<void> {
  const wanted = (id: number) => ids === undefined || ids.includes(id);
  const found = await recordIds(token, key, search);
  const active = found.active.filter(wanted);
  if (active.length) await deleteRecords(token, key, active, 'all');
  const binned = [...active, ...found.trashed.filter(wanted)];
  if (binned.length) await deleteRecords(token, key, binned, 'trashed');
}

/** Makes an active record from a name and a unique, slug-safe handle, and answers its id. */
export type CreateRecord = (token: string, record: { name: string; handle: string }) => Promise<number>;

/** A user named `name`, at `<handle>@example.com`. */
export const newUser: CreateRecord = (token, { name, handle }) =>
  createUser(token, { name, email: `${handle}@example.com` });

/** A live brand named `name`, with `handle` as its slug. */
export const newBrand: CreateRecord = (token, { name, handle }) => createBrand(token, { name, slug: handle });

/** A live dealership named `name`, with `handle` as its slug. */
export const newDealership: CreateRecord = (token, { name, handle }) =>
  createDealership(token, { name, slug: handle });

/** A 1x1 PNG: uploads are judged by their content, so it must be a real image. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

/** A short token that keeps one run's records apart from another's (letters only: it goes into names). */
export function uniqueToken(length = 6): string {
  const letters = 'bcdfghjkmnpqrstvwxz';
  let token = '';
  for (let i = 0; i < length; i++) token += letters[Math.floor(Math.random() * letters.length)];
  return token;
}
