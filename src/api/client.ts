import { formatViewAs, VIEW_AS_HEADER, type ViewAs } from '@/shared/viewAs';
import type { CallRoute } from './callTable';
import type { ValidationErrorBody } from './contract/common';
import { type CallDef, type CallInput, type CallOutput, fillPath } from './contract/define';

/** The base of the admin API: `/api/` here, or another server's (VITE_API_URL). */
export const apiBase: string = (import.meta.env?.VITE_API_URL as string | undefined) ?? '/api/';

const TOKEN_KEY = 'console.token';

export const tokenStore = {
  get(): string | null {
    return globalThis.localStorage?.getItem(TOKEN_KEY) ?? null;
  },
  set(token: string): void {
    globalThis.localStorage?.setItem(TOKEN_KEY, token);
  },
  clear(): void {
    globalThis.localStorage?.removeItem(TOKEN_KEY);
  },
  /**
   * Calls `ended` when another tab of this console clears the token (its user signed out there or
   * their session ended): the session was one, so it ends here too. Returns the unsubscribe.
   */
  onClearedElsewhere(ended: () => void): () => void {
    const listener = (event: StorageEvent) => {
      // `key` is null when another tab cleared the whole of localStorage.
      if ((event.key === TOKEN_KEY || event.key === null) && event.newValue === null) ended();
    };
    globalThis.addEventListener?.('storage', listener);
    return () => globalThis.removeEventListener?.('storage', listener);
  },
};

let viewAsHeader: string | null = null;

/**
 * "View as": while set, every signed-in call carries the view's header and the server answers as the
 * viewed role and scope would see it, read-only. Kept in memory: a reload is back in one's own view.
 */
export const viewAsStore = {
  get(): string | null {
    return viewAsHeader;
  },
  set(view: ViewAs): void {
    viewAsHeader = formatViewAs(view);
  },
  clear(): void {
    viewAsHeader = null;
  },
};

/** A failed call. `errors` holds 422 field errors keyed by dotted path. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: Record<string, string[]> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface ClientHooks {
  /** Asked once per wave of 401s; resolves true when a new token is stored. */
  refresh(): Promise<boolean>;
  /** The refresh failed: the token is gone and the user must sign in again. */
  onSessionExpired(): void;
  /** A 403 with a message: goes to the global error list. */
  onForbidden(message: string): void;
}

let hooks: ClientHooks | null = null;
let refreshing: Promise<boolean> | null = null;

export function setClientHooks(next: ClientHooks | null): void {
  hooks = next;
}

const REFRESH_LOCK = 'console.refresh';

/**
 * Tabs of one browser share the refresh cookie, and the server rotates it on every refresh:
 * a Web Lock lets one tab at a time refresh for the whole browser.
 */
function oneTabAtATime<T>(work: () => Promise<T>): Promise<T> {
  const locks = globalThis.navigator?.locks;
  return locks ? locks.request(REFRESH_LOCK, work) : work();
}

/**
 * Concurrent 401s share one refresh, in this tab and across the browser's tabs. `refused` is the
 * token the server turned down: when the stored token is another one by the time this tab may
 * refresh, another tab has already refreshed, and its token is used instead.
 */
function refreshOnce(refused: string | null): Promise<boolean> {
  if (!hooks) return Promise.resolve(false);
  if (!refreshing) {
    const current = hooks;
    refreshing = oneTabAtATime(async () => {
      const stored = tokenStore.get();
      if (stored !== null && stored !== refused) return true;
      return current.refresh();
    })
      .catch(() => false)
      .finally(() => {
        refreshing = null;
      });
  }
  return refreshing;
}

/** What a call sends besides its route; `CallInput` types it per call. */
interface CallParts {
  params?: unknown;
  query?: unknown;
  body?: unknown;
}

function buildUrl(call: CallRoute, input: CallParts): string {
  let url = apiBase + fillPath(call.path, input.params as Record<string, string | number> | undefined);
  if (input.query && typeof input.query === 'object') {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(input.query)) {
      if (value === undefined || value === null || value === '') continue;
      search.set(key, String(value));
    }
    const text = search.toString();
    if (text) url += `?${text}`;
  }
  return url;
}

async function send(call: CallRoute, input: CallParts) {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = tokenStore.get();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (viewAsHeader !== null && call.auth !== false) headers[VIEW_AS_HEADER] = viewAsHeader;
  let body: BodyInit | undefined;
  if (input.body instanceof FormData) body = input.body;
  else if (input.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(input.body);
  } else if (call.method === 'POST') {
    headers['Content-Type'] = 'application/json';
    body = '{}';
  }
  return fetch(buildUrl(call, input), { method: call.method, headers, body, credentials: 'include' });
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return {};
  try {
    return JSON.parse(text);
  } catch {
    return { message: text };
  }
}

/**
 * Calls the admin API. A 401 triggers one refresh (shared by concurrent calls) and one
 * retry; a second 401 or a failed refresh ends the session.
 */
async function request(call: CallRoute, input: CallParts): Promise<unknown> {
  const sentWith = tokenStore.get();
  let response = await send(call, input);
  if (response.status === 401 && call.auth !== false && hooks) {
    const refreshed = await refreshOnce(sentWith);
    if (refreshed) response = await send(call, input);
    if (!refreshed || response.status === 401) {
      tokenStore.clear();
      hooks?.onSessionExpired();
    }
  }
  const data = (await readBody(response)) as Partial<ValidationErrorBody> & Record<string, unknown>;
  if (!response.ok) {
    const message = typeof data.message === 'string' ? data.message : response.statusText;
    if (response.status === 403 && message) hooks?.onForbidden(message);
    throw new ApiError(response.status, message, data.errors ?? {});
  }
  return data;
}

/**
 * A typed function for one call. `route` is the call's entry in the call table (or the call
 * itself); `C`, the contract's definition, types what goes in and what comes back.
 */
export function endpoint<C extends CallDef>(route: CallRoute) {
  return (input: CallInput<C>): Promise<CallOutput<C>> => request(route, input) as Promise<CallOutput<C>>;
}
