import { inject } from 'vitest';

/**
 * The admin API as the browser tests use it to set up their own records: sign in for a token,
 * then create, bin or count users without going through the screens under test.
 */

export interface NewUser {
  name: string;
  email: string;
  telephone?: string;
  job_title?: string;
  password?: string;
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
  const response = await fetch(new URL(`/api/${path}`, inject('baseURL')), {
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
export async function createUser(token: string, user: NewUser): Promise<number> {
  const body = await apiRequest<{ id: number }>(token, 'POST', 'users/create', {
    telephone: '',
    job_title: '',
    password: 'Forecourt-Pass-2024',
    ...user,
  });
  return body.id;
}

/** `all` moves users to the bin; `trashed` deletes them forever. */
export async function deleteUsers(token: string, ids: number[], type: 'all' | 'trashed'): Promise<void> {
  await apiRequest(token, 'POST', 'users/delete', { users: ids, type });
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

/** A short token that keeps one run's records apart from another's (letters only: it goes into names). */
export function uniqueToken(length = 6): string {
  const letters = 'bcdfghjkmnpqrstvwxz';
  let token = '';
  for (let i = 0; i < length; i++) token += letters[Math.floor(Math.random() * letters.length)];
  return token;
}
