import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EventObject, initialTransition, type SnapshotFrom, transition } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import type { Paginator } from '@/api/contract/common';
import { currentList, type LifecycleLists, lifecycleMachine, type Row } from '@/machines/lifecycle';
import { apiToken, createUser, deleteUsers, listUsers, uniqueToken } from './api';
import { hasChromium, launchBrowser, signedInContext } from './browser';
import { confirmDialog, isListCall, openUsers, searchBox, searchFor, tab, toggleRow } from './users-list';

/**
 * Model-based: paths generated from the lifecycle machine, replayed in the browser against the real
 * server. Each event becomes what a staff member does on the users list; each state the path
 * reaches is checked against what the screen shows and what the console sent. Which rows the
 * screen lists comes from a separate record of what the server holds (the model's sample list
 * never changes), so the two check each other.
 */

type Snapshot = SnapshotFrom<typeof lifecycleMachine>;
type Person = 'alpha' | 'bravo' | 'tango';

/** Stand-in ids in the model; each path maps them to the users it created. */
const MODEL_IDS: Record<Person, number> = { alpha: 9001, bravo: 9002, tango: 9003 };
const PERSON_OF = new Map<number, Person>(
  Object.entries(MODEL_IDS).map(([person, id]) => [id, person as Person]),
);
/** The model searches these stand-ins; each path maps them to its prefix in three spellings. */
type SearchWord = 'Mixed' | 'lower' | 'UPPER';

const MAX_PATHS = 8;
const MAX_STEPS = 6;

function page(rows: Row[]): Paginator<Row> {
  return {
    data: rows,
    current_page: 1,
    last_page: 1,
    per_page: 25,
    from: rows.length ? 1 : null,
    to: rows.length || null,
    total: rows.length,
    path: '/api/users',
    first_page_url: '/api/users?page=1',
    last_page_url: '/api/users?page=1',
    prev_page_url: null,
    next_page_url: null,
  };
}

/** What one search for a path's prefix answers at the start: Alpha and Bravo active, Tango in the bin. */
const sampleLists: LifecycleLists = {
  active: page([{ id: MODEL_IDS.bravo }, { id: MODEL_IDS.alpha }]),
  trashed: page([{ id: MODEL_IDS.tango }]),
};

const debounced = { type: 'xstate.after.searchDebounce.lifecycle.ready.debouncing' };
const loadDone = { type: 'xstate.done.actor.load', output: sampleLists };
const removeDone = { type: 'xstate.done.actor.remove', output: {} };
const restoreDone = { type: 'xstate.done.actor.restore', output: {} };

// The machine's own events (done, after) are outside its event union; the graph and `transition` take them.
type AnyEvent = Parameters<typeof transition<typeof lifecycleMachine>>[2];
const asEvent = (event: EventObject) => event as AnyEvent;

/**
 * What a user can do on the screen in each state. The machine accepts more (a tab press on the tab
 * that is already open, a row that is not on screen, ticking rows behind the open dialog), but the
 * screen cannot send those. While a call runs or the search waits, only the answer comes next:
 * a person is slower than the server here, and a race would make the replay flaky.
 */
function userCan(snapshot: Snapshot): EventObject[] {
  const { context } = snapshot;
  if (snapshot.matches('loading')) return [loadDone];
  if (snapshot.matches({ ready: 'debouncing' })) return [debounced];
  if (snapshot.matches({ ready: 'deleting' })) return [removeDone];
  if (snapshot.matches({ ready: 'restoring' })) return [restoreDone];
  if (snapshot.matches({ ready: 'confirming' }))
    return [{ type: 'confirm.accept' }, { type: 'confirm.cancel' }];
  if (!snapshot.matches({ ready: 'idle' })) return [];
  const events: EventObject[] = [{ type: context.view === 'all' ? 'view.bin' : 'view.all' }];
  for (const { id } of currentList(snapshot)?.data ?? []) {
    events.push({ type: 'selection.toggle', id } as EventObject, { type: 'item.delete', id } as EventObject);
    if (context.view === 'trashed') events.push({ type: 'item.restore', id } as EventObject);
  }
  if (context.selection.length > 0) events.push({ type: 'bulk.delete' });
  for (const value of ['lower', 'UPPER'] satisfies SearchWord[]) {
    if (value !== context.search) events.push({ type: 'search.change', value } as EventObject);
  }
  return events;
}

/** The list as a path finds it: loaded, then searched for the path's prefix. */
function startState(): Snapshot {
  let [snapshot] = initialTransition(lifecycleMachine, { selfId: 1 });
  for (const event of [loadDone, { type: 'search.change', value: 'Mixed' }, debounced, loadDone])
    [snapshot] = transition(lifecycleMachine, snapshot, asEvent(event));
  return snapshot;
}

interface Step {
  event: EventObject;
  /** The model's state before and after the event. */
  before: Snapshot;
  after: Snapshot;
}

const isSettled = (s: Snapshot) => s.matches({ ready: 'idle' }) || s.matches({ ready: 'confirming' });

/** Where the path stops mid-call, the calls finish: the screen is checked once it is settled again. */
function settle(steps: Step[], from: Snapshot): Step[] {
  const all = [...steps];
  let state = all.at(-1)?.after ?? from;
  while (!isSettled(state)) {
    const [event] = userCan(state);
    if (!event) break;
    const [next] = transition(lifecycleMachine, state, asEvent(event));
    all.push({ event, before: state, after: next });
    state = next;
  }
  return all;
}

type Status = 'active' | 'trashed' | 'gone';
type World = Record<Person, Status>;

const startWorld = (): World => ({ alpha: 'active', bravo: 'active', tango: 'trashed' });
const viewStatus = (view: 'all' | 'trashed'): Status => (view === 'all' ? 'active' : 'trashed');

/** What the server holds after a call finishes. */
function applyCall(world: World, step: Step): World {
  const next = { ...world };
  const ids = step.before.context.pending?.ids ?? [];
  for (const id of ids) {
    const person = PERSON_OF.get(id);
    if (!person) continue;
    if (step.event.type === removeDone.type)
      next[person] = step.before.context.view === 'all' ? 'trashed' : 'gone';
    if (step.event.type === restoreDone.type) next[person] = 'active';
  }
  return next;
}

/** A path can be replayed when every row it touches is on screen in the server's real data. */
function fitsTheServer(steps: Step[]): boolean {
  let world = startWorld();
  for (const step of steps) {
    const id = (step.event as { id?: number }).id;
    const person = id === undefined ? undefined : PERSON_OF.get(id);
    if (person && world[person] !== viewStatus(step.before.context.view)) return false;
    world = applyCall(world, step);
  }
  return true;
}

function describeEvent(event: EventObject): string {
  const id = (event as { id?: number }).id;
  const value = (event as { value?: string }).value;
  if (event.type === debounced.type) return '500 ms pass';
  const done = /^xstate\.done\.actor\.(\w+)$/.exec(event.type);
  if (done) return `${done[1]} answers`;
  return [event.type, id === undefined ? '' : PERSON_OF.get(id), value ?? ''].filter(Boolean).join(' ');
}

/**
 * Picks a few short paths that between them take every kind of step, in every view and state.
 * Shortest paths reach every state, but never a step back to a state already reached (No thanks,
 * for one); so each candidate is a shortest path plus one more thing the user can do there.
 */
function choosePaths(): Step[][] {
  const from = startState();
  const shortest = getShortestPaths(lifecycleMachine, {
    fromState: from,
    events: (s) => userCan(s as Snapshot).map(asEvent),
  }).map((path) => {
    const steps: Step[] = [];
    let before = from;
    for (const { event, state } of path.steps) {
      if ((event as EventObject).type === 'xstate.init') continue;
      steps.push({ event, before, after: state as Snapshot });
      before = state as Snapshot;
    }
    return steps;
  });
  const candidates = shortest
    .filter((steps) => steps.length < MAX_STEPS)
    .flatMap((steps) => {
      const end = steps.at(-1)?.after ?? from;
      return userCan(end).map((event) => {
        const [after] = transition(lifecycleMachine, end, asEvent(event));
        return [...steps, { event, before: end, after }];
      });
    })
    .map((steps) => settle(steps, from))
    .filter(fitsTheServer);

  const features = (steps: Step[]) =>
    new Set(
      steps.flatMap(({ event, before, after }) => [
        `${event.type} in ${before.context.view}`,
        `${JSON.stringify(after.value)} in ${after.context.view}`,
        after.context.selection.length > 1 ? 'several selected' : '',
      ]),
    );
  const covered = new Set<string>(['']);
  const chosen: Step[][] = [];
  while (chosen.length < MAX_PATHS) {
    let best: Step[] | undefined;
    let bestGain = 0;
    for (const steps of candidates) {
      const gain = [...features(steps)].filter((f) => !covered.has(f)).length;
      if (gain > bestGain || (gain === bestGain && best && gain > 0 && steps.length < best.length)) {
        best = steps;
        bestGain = gain;
      }
    }
    if (!best) break;
    chosen.push(best);
    for (const f of features(best)) covered.add(f);
  }
  return chosen;
}

/** Every call to the users API, in order, each checked off once as the model predicts it. */
class CallLog {
  private readonly calls: Request[] = [];
  private readonly taken = new Set<Request>();
  private wake: (() => void) | null = null;

  constructor(page: Page) {
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (!pathname.startsWith('/api/users')) return;
      this.calls.push(request);
      this.wake?.();
    });
  }

  /** The next call not yet checked off, waiting for it if it has not been sent yet. */
  async take(what: string, timeout = 10_000): Promise<Request> {
    const deadline = Date.now() + timeout;
    for (;;) {
      const next = this.calls.find((call) => !this.taken.has(call));
      if (next) {
        this.taken.add(next);
        return next;
      }
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`The console did not call ${what}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wake = null;
    }
  }

  /** Calls the model did not predict. */
  unexpected(): string[] {
    return this.calls
      .filter((call) => !this.taken.has(call))
      .map((call) => `${call.method()} ${new URL(call.url()).pathname}${new URL(call.url()).search}`);
  }
}

interface Screen {
  tabs: string[];
  selectedTab: string;
  rows: string[];
  ticked: string[];
  bulk: string | null;
  dialog: boolean;
  search: string;
  empty: string | null;
}

/** Reads the list off the page; with `expected`, answers whether it shows exactly that. */
function readScreen(expected: string | null): Screen | boolean {
  const text = (element: Element | null | undefined) => (element?.textContent ?? '').trim();
  const tabs = Array.from(document.querySelectorAll('[role="tab"]'));
  const boxes = Array.from(document.querySelectorAll<HTMLInputElement>('table input[type="checkbox"]'));
  const screen: Screen = {
    tabs: tabs.map((t) => text(t)),
    selectedTab: text(tabs.find((t) => t.getAttribute('aria-selected') === 'true')),
    rows: Array.from(document.querySelectorAll('table a[aria-label^="Edit "]')).map((a) =>
      (a.getAttribute('aria-label') ?? '').slice('Edit '.length),
    ),
    ticked: boxes
      .filter((box) => box.checked && box.getAttribute('aria-label') !== 'Select all')
      .map((box) => (box.getAttribute('aria-label') ?? '').slice('Select '.length)),
    bulk: document.querySelector('section[aria-label="Bulk actions"]')
      ? text(document.querySelector('section[aria-label="Bulk actions"] [aria-live]'))
      : null,
    dialog: document.querySelector('[role="alertdialog"]') !== null,
    search: document.querySelector<HTMLInputElement>('input[type="search"]')?.value ?? '',
    empty:
      Array.from(document.querySelectorAll('h2'))
        .map((h) => text(h))
        .find((t) => t === 'Oops! No results...' || t === 'Nothing has been placed in the bin!') ?? null,
  };
  return expected === null ? screen : JSON.stringify(screen) === expected;
}

describe.skipIf(!hasChromium)('the users list follows its lifecycle model in the browser', () => {
  const paths = choosePaths();
  const runToken = uniqueToken(5);
  const prefixes: string[] = [];
  let browser: Browser;
  let context: BrowserContext;
  let token: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    token = await apiToken();
    context = await signedInContext(browser);
  });

  afterAll(async () => {
    // Leave nothing behind: other files count the users and the bin.
    if (token) {
      for (const prefix of prefixes) {
        const { users, trashed } = await listUsers(token, prefix);
        if (users.data.length)
          await deleteUsers(
            token,
            users.data.map((u) => u.id),
            'all',
          );
        const binned = users.data.map((u) => u.id).concat(trashed.data.map((u) => u.id));
        if (binned.length) await deleteUsers(token, binned, 'trashed');
      }
    }
    await context?.close();
    await browser?.close();
  });

  it('chooses a handful of short paths that reach every state the screen can be in', () => {
    const reached = new Set(paths.flatMap((steps) => steps.map((step) => JSON.stringify(step.after.value))));
    expect([...reached].sort()).toEqual(
      [
        '"loading"',
        '{"ready":"idle"}',
        '{"ready":"debouncing"}',
        '{"ready":"confirming"}',
        '{"ready":"deleting"}',
        '{"ready":"restoring"}',
      ].sort(),
    );
    const taken = new Set(paths.flatMap((steps) => steps.map((step) => step.event.type)));
    for (const type of [
      'view.bin',
      'view.all',
      'selection.toggle',
      'item.delete',
      'bulk.delete',
      'confirm.accept',
      'confirm.cancel',
      'item.restore',
      'search.change',
    ])
      expect(taken, type).toContain(type);
    expect(paths.length).toBeLessThanOrEqual(MAX_PATHS);
  });

  paths.forEach((steps, index) => {
    const title = steps.map((step) => describeEvent(step.event)).join(', ');
    it(`shows each state on the way: ${title}`, async () => {
      const prefix = `Lm${index}q${runToken}`;
      prefixes.push(prefix);
      const words: Record<SearchWord, string> = {
        Mixed: prefix,
        lower: prefix.toLowerCase(),
        UPPER: prefix.toUpperCase(),
      };
      const names: Record<Person, string> = {
        alpha: `${prefix} Alpha`,
        bravo: `${prefix} Bravo`,
        tango: `${prefix} Tango`,
      };
      const realIds = {} as Record<Person, number>;
      for (const person of ['alpha', 'bravo', 'tango'] as const) {
        realIds[person] = await createUser(token, {
          name: names[person],
          email: `${prefix.toLowerCase()}.${person}@example.com`,
        });
      }
      await deleteUsers(token, [realIds.tango], 'all');
      const realId = (id: number) => realIds[PERSON_OF.get(id) ?? 'alpha'];
      const nameOf = (id: number) => names[PERSON_OF.get(id) ?? 'alpha'];

      const page = await context.newPage();
      try {
        await openUsers(page);
        await searchFor(page, prefix);
        const calls = new CallLog(page);
        await searchBox(page).evaluate((input) => {
          input.addEventListener('input', (event) => {
            (window as Window & { lastInputAt?: number }).lastInputAt = event.timeStamp;
          });
        });

        let world = startWorld();
        let inFlight: Request | null = null;
        const where = (i: number) =>
          `step ${i + 1} (${describeEvent(steps[i]?.event ?? { type: '?' })}) of: ${title}`;

        const expectSettledScreen = async (state: Snapshot, i: number) => {
          const { context: c } = state;
          const inView = (Object.keys(world) as Person[])
            .filter((person) => world[person] === viewStatus(c.view))
            .sort((a, b) => realIds[b] - realIds[a]);
          const count = (status: Status) => Object.values(world).filter((s) => s === status).length;
          const tabs = [`All (${count('active')})`, `Bin (${count('trashed')})`];
          const expected: Screen = {
            tabs,
            selectedTab: c.view === 'all' ? (tabs[0] ?? '') : (tabs[1] ?? ''),
            rows: inView.map((person) => names[person]),
            ticked: inView.filter((person) => c.selection.includes(MODEL_IDS[person])).map((s) => names[s]),
            bulk: c.selection.length > 0 ? `${c.selection.length} selected` : null,
            dialog: state.matches({ ready: 'confirming' }),
            search: words[c.search as SearchWord],
            empty: inView.length === 0 ? 'Oops! No results...' : null,
          };
          try {
            await page.waitForFunction(readScreen, JSON.stringify(expected), { timeout: 10_000 });
          } catch {
            expect(await page.evaluate(readScreen, null), where(i)).toEqual(expected);
          }
          expect(calls.unexpected(), where(i)).toEqual([]);
        };

        for (const [i, step] of steps.entries()) {
          const { event, before, after } = step;
          const id = (event as { id?: number }).id;
          const inBin = before.context.view === 'trashed';
          const dialog = confirmDialog(page);

          // What the user does (nothing, when the step is the console's own: a call answering, time passing).
          switch (event.type) {
            case 'view.bin':
              await tab(page, 'trashed').click();
              break;
            case 'view.all':
              await tab(page, 'all').click();
              break;
            case 'selection.toggle':
              await toggleRow(page, nameOf(id ?? 0));
              break;
            case 'item.delete':
              await page
                .getByRole('button', {
                  name: `${inBin ? 'Delete forever' : 'Delete'} ${nameOf(id ?? 0)}`,
                  exact: true,
                })
                .click();
              break;
            case 'item.restore':
              await page.getByRole('button', { name: `Restore ${nameOf(id ?? 0)}`, exact: true }).click();
              break;
            case 'bulk.delete':
              await page
                .getByRole('button', {
                  name: inBin ? 'Delete selected forever' : 'Delete selected',
                  exact: true,
                })
                .click();
              break;
            case 'confirm.accept':
              await dialog.getByRole('button', { name: 'Yes please', exact: true }).click();
              break;
            case 'confirm.cancel':
              await dialog.getByRole('button', { name: 'No thanks', exact: true }).click();
              break;
            case 'search.change':
              await searchBox(page).fill(words[(event as unknown as { value: SearchWord }).value]);
              break;
            case loadDone.type:
            case removeDone.type:
            case restoreDone.type: {
              const response = await inFlight?.response();
              expect(response?.ok(), where(i)).toBe(true);
              inFlight = null;
              world = applyCall(world, step);
              break;
            }
          }

          // What the screen shows, and what the console sent, in the state the model reached.
          if (after.matches('loading')) {
            const request = await calls.take('GET /api/users');
            const url = new URL(request.url());
            expect(isListCall(request.url()), where(i)).toBe(true);
            expect(url.searchParams.get('search'), where(i)).toBe(words[after.context.search as SearchWord]);
            expect(url.searchParams.get('page') ?? '1', where(i)).toBe(String(after.context.page));
            if (event.type === debounced.type) {
              await request.response();
              const waited = await page.evaluate((address) => {
                const started = performance.getEntriesByName(address)[0]?.startTime;
                const typed = (window as Window & { lastInputAt?: number }).lastInputAt;
                return started === undefined || typed === undefined ? Number.NaN : started - typed;
              }, request.url());
              expect(waited, where(i)).toBeGreaterThanOrEqual(490);
            }
            inFlight = request;
          } else if (after.matches({ ready: 'debouncing' })) {
            expect(await searchBox(page).inputValue(), where(i)).toBe(
              words[after.context.search as SearchWord],
            );
          } else if (after.matches({ ready: 'deleting' })) {
            const request = await calls.take('POST /api/users/delete');
            expect(new URL(request.url()).pathname, where(i)).toBe('/api/users/delete');
            const body = request.postDataJSON() as { users: number[]; type: string };
            expect([...body.users].sort(), where(i)).toEqual(
              (after.context.pending?.ids ?? []).map(realId).sort(),
            );
            expect(body.type, where(i)).toBe(inBin ? 'trashed' : 'all');
            inFlight = request;
          } else if (after.matches({ ready: 'restoring' })) {
            const request = await calls.take('POST /api/users/restore');
            expect(new URL(request.url()).pathname, where(i)).toBe('/api/users/restore');
            const body = request.postDataJSON() as { users: number[] };
            expect(body.users, where(i)).toEqual((after.context.pending?.ids ?? []).map(realId));
            inFlight = request;
          } else if (after.matches({ ready: 'confirming' })) {
            await dialog.waitFor();
            expect(await dialog.getByRole('heading').textContent(), where(i)).toBe('Hold up!');
            expect(await dialog.getByText(/^You are about to delete user\(s\)/).count(), where(i)).toBe(1);
            expect(
              await dialog.getByText('Are you sure you wish to continue?', { exact: true }).count(),
              where(i),
            ).toBe(1);
            await expectSettledScreen(after, i);
          } else if (after.matches({ ready: 'idle' })) {
            await dialog.waitFor({ state: 'detached' });
            await expectSettledScreen(after, i);
          } else {
            throw new Error(`${where(i)}: the replay has no check for ${JSON.stringify(after.value)}`);
          }
        }
      } finally {
        await page.close();
      }
    });
  });
});
