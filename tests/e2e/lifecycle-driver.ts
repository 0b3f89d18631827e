import type { Browser, BrowserContext, Locator, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EventObject, initialTransition, type SnapshotFrom, transition } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { type LifecycleKey, lifecycleAreas } from '@/api/contract/all';
import type { Paginator } from '@/api/contract/common';
import { currentList, type LifecycleLists, lifecycleMachine, type Row } from '@/machines/lifecycle';
import { apiToken, type CreateRecord, deleteForGood, deleteRecords, recordIds, uniqueToken } from './api';
import { hasChromium, launchBrowser, signedInContext } from './browser';
import { confirmDialog, isListCall, openList, searchBox, searchFor, tab } from './users-list';

/**
 * Model-based: paths generated from the lifecycle machine, replayed in the browser against the real
 * server, on any list with a bin the contract declares (one shared list, one machine). Each
 * event becomes what a staff member does on the list; each state the path reaches is checked
 * against what the screen shows and what the console sent. Which rows the screen lists comes from
 * a separate record of what the server holds (the model's sample list never changes), so the two
 * check each other.
 */

/** What an area may set besides how its records are made. */
export interface ReplayOptions {
  /** How many paths to replay: the few first ones already reach every state in both views (7). */
  maxPaths?: number;
  /** The table row that shows the record named `name` (its 'Select <name>' tick box). */
  row?: (page: Page, name: string) => Locator;
}

/** A row by its tick box, 'Select <name>' (every row the replay touches can be ticked). */
export function rowBySelectBox(page: Page, name: string): Locator {
  return page
    .getByRole('row')
    .filter({ has: page.getByRole('checkbox', { name: `Select ${name}`, exact: true }) });
}

/** The calls of a list with a bin, as the contract declares them: their addresses and the key ids travel under. */
export function callsOf(key: LifecycleKey): {
  list: string;
  delete: string;
  restore: string;
  key: LifecycleKey;
} {
  const area = lifecycleAreas[key];
  return {
    list: `/api/${area.list.path}`,
    delete: `/api/${area.remove.path}`,
    restore: `/api/${area.restore.path}`,
    key,
  };
}

type Snapshot = SnapshotFrom<typeof lifecycleMachine>;
type Person = 'alpha' | 'bravo' | 'tango';
const PEOPLE: readonly Person[] = ['alpha', 'bravo', 'tango'];

/** Stand-in ids in the model; each path maps them to the records it created. */
const MODEL_IDS: Record<Person, number> = { alpha: 9001, bravo: 9002, tango: 9003 };
const PERSON_OF = new Map<number, Person>(
  Object.entries(MODEL_IDS).map(([person, id]) => [id, person as Person]),
);
/** The model searches these stand-ins; each path maps them to its prefix in three spellings. */
type SearchWord = 'Mixed' | 'lower' | 'UPPER';

/** Paths longer than this (before the last step and the calls settling) are not considered. */
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
    path: '/api/list',
    first_page_url: '/api/list?page=1',
    last_page_url: '/api/list?page=1',
    prev_page_url: null,
    next_page_url: null,
    links: [],
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

export interface Step {
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

/** Positions in a hand-ordered list; binned records keep the one they last had. */
type Places = Record<Person, number>;

const startPlaces = (): Places => ({ alpha: 1, bravo: 2, tango: 3 });

/**
 * Where records stand after a call, as the server orders by hand: records that stay close up,
 * restored ones go last in the order they had, binned ones keep their last position.
 */
function applyOrder(places: Places, before: World, after: World): Places {
  const next = { ...places };
  const byPlace = (a: Person, b: Person) => places[a] - places[b] || MODEL_IDS[a] - MODEL_IDS[b];
  const staying = PEOPLE.filter((p) => before[p] === 'active' && after[p] === 'active').sort(byPlace);
  const restored = PEOPLE.filter((p) => before[p] === 'trashed' && after[p] === 'active').sort(byPlace);
  [...staying, ...restored].forEach((person, i) => {
    next[person] = i + 1;
  });
  return next;
}

/** What the server holds after a call finishes: `ids` acted on from `view`. */
function applyCall(world: World, event: EventObject, ids: readonly number[], view: 'all' | 'trashed'): World {
  const next = { ...world };
  for (const id of ids) {
    const person = PERSON_OF.get(id);
    if (!person) continue;
    if (event.type === removeDone.type) next[person] = view === 'all' ? 'trashed' : 'gone';
    if (event.type === restoreDone.type) next[person] = 'active';
  }
  return next;
}

/**
 * What the spec says the list is doing, from the steps alone (never from the machine): the view,
 * the search, the ticked rows, the rows the 'Hold up!' dialog is about, the call the screen waits
 * for and whether typed text waits for its 500 ms pause. Every check below reads this.
 */
interface Expected {
  view: 'all' | 'trashed';
  search: SearchWord;
  selection: number[];
  confirm: number[] | null;
  open: 'load' | 'remove' | 'restore' | null;
  /** The ids of the open delete or restore. */
  acting: number[];
  waiting: boolean;
}

/** The list as a path finds it: searched for the path's prefix and settled. */
const startExpected = (): Expected => ({
  view: 'all',
  search: 'Mixed',
  selection: [],
  confirm: null,
  open: null,
  acting: [],
  waiting: false,
});

function expectAfter(e: Expected, event: EventObject, world: World): Expected {
  const id = (event as { id?: number }).id ?? 0;
  const load = (next: Expected): Expected => ({ ...next, open: 'load', waiting: false });
  switch (event.type) {
    case 'view.all':
    case 'view.bin':
      return load({ ...e, view: event.type === 'view.all' ? 'all' : 'trashed', selection: [] });
    case 'selection.toggle':
      return {
        ...e,
        selection: e.selection.includes(id)
          ? e.selection.filter((other) => other !== id)
          : [...e.selection, id],
      };
    case 'item.delete':
      return { ...e, confirm: [id] };
    case 'bulk.delete':
      return { ...e, confirm: e.selection };
    // 'No thanks' closes the dialog and sends nothing.
    case 'confirm.cancel':
      return { ...e, confirm: null };
    case 'confirm.accept':
      return { ...e, open: 'remove', acting: e.confirm ?? [] };
    case 'item.restore':
      return { ...e, open: 'restore', acting: [id] };
    case 'search.change': {
      const search = (event as unknown as { value: SearchWord }).value;
      // Typed while a page loads: it loads again at once with what was typed.
      return e.open === 'load' ? load({ ...e, search }) : { ...e, search, waiting: true };
    }
    case debounced.type:
      return load({ ...e, selection: [] });
    case loadDone.type: {
      const shown = new Set(PEOPLE.filter((p) => world[p] === viewStatus(e.view)).map((p) => MODEL_IDS[p]));
      return { ...e, open: null, selection: e.selection.filter((sid) => shown.has(sid)) };
    }
    case removeDone.type:
    case restoreDone.type:
      return load({ ...e, confirm: null, acting: [], selection: [] });
    default:
      return e;
  }
}

/** A path can be replayed when every row it touches is on screen in the server's real data. */
function fitsTheServer(steps: Step[]): boolean {
  let world = startWorld();
  for (const step of steps) {
    const id = (step.event as { id?: number }).id;
    const person = id === undefined ? undefined : PERSON_OF.get(id);
    if (person && world[person] !== viewStatus(step.before.context.view)) return false;
    world = applyCall(world, step.event, step.before.context.pending?.ids ?? [], step.before.context.view);
  }
  return true;
}

export function describeEvent(event: EventObject): string {
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
 * The greedy choice is deterministic: a smaller `maxPaths` gives the first paths of a larger one.
 */
export function choosePaths(maxPaths: number): Step[][] {
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
  while (chosen.length < maxPaths) {
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

/** Every call to the area's API, in order, each checked off once as the model predicts it. */
class CallLog {
  private readonly calls: Request[] = [];
  private readonly taken = new Set<Request>();
  private wake: (() => void) | null = null;

  constructor(page: Page, list: string) {
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname !== list && !pathname.startsWith(`${list}/`)) return;
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

/** The states a list can be in; every area's paths must reach each of them. */
const STATES = [
  '"loading"',
  '{"ready":"idle"}',
  '{"ready":"debouncing"}',
  '{"ready":"confirming"}',
  '{"ready":"deleting"}',
  '{"ready":"restoring"}',
];

/** Every kind of step a user takes on the list; every area's paths must take each of them. */
const STEP_KINDS = [
  'view.bin',
  'view.all',
  'selection.toggle',
  'item.delete',
  'bulk.delete',
  'confirm.accept',
  'confirm.cancel',
  'item.restore',
  'search.change',
];

/**
 * Declares the replay of the lifecycle model on one area's list: a check that the chosen paths
 * cover the machine, then one test per path, each on records of its own under a unique search
 * prefix, all deleted for good afterwards.
 */
export function replayLifecycleModel(
  key: LifecycleKey,
  create: CreateRecord,
  { maxPaths = 7, row: rowOf = rowBySelectBox }: ReplayOptions = {},
): void {
  const declared = lifecycleAreas[key];
  const area = {
    /** What the confirm names: 'You are about to delete brand(s)'. */
    one: declared.noun,
    /** The plural, as the search box says it ('Search brands'). */
    many: key,
    route: `/${key}`,
    api: callsOf(key),
    /**
     * How the list orders the records a path creates (alpha, bravo, tango, in that order): newest
     * first, or by hand (an area with a sort call), where a binned record leaves a gap that closes
     * and a restored one goes last.
     */
    order: declared.sort ? 'by hand' : 'newest first',
  };
  describe.skipIf(!hasChromium)(`the ${area.many} list follows its lifecycle model in the browser`, () => {
    const paths = choosePaths(maxPaths);
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
      // Leave nothing behind: other files count the records and the bin.
      if (token) {
        for (const prefix of prefixes) {
          await deleteForGood(token, area.api.key, { search: prefix });
          expect(await recordIds(token, area.api.key, prefix), `${area.many} left under ${prefix}`).toEqual({
            active: [],
            trashed: [],
          });
        }
      }
      await context?.close();
      await browser?.close();
    });

    it('chooses a handful of short paths that reach every state the screen can be in, in both views', () => {
      const reached = new Set(
        paths.flatMap((steps) => steps.map((step) => JSON.stringify(step.after.value))),
      );
      expect([...reached].sort()).toEqual([...STATES].sort());
      for (const view of ['all', 'trashed'] as const) {
        const statesInView = new Set(
          paths.flatMap((steps) =>
            steps.filter((s) => s.after.context.view === view).map((s) => JSON.stringify(s.after.value)),
          ),
        );
        // The bin is left and entered through loading; both views show the list settled and loading.
        for (const state of ['"loading"', '{"ready":"idle"}'])
          expect(statesInView, `${state} in ${view}`).toContain(state);
      }
      const taken = new Set(paths.flatMap((steps) => steps.map((step) => step.event.type)));
      for (const type of STEP_KINDS) expect(taken, type).toContain(type);
      expect(paths.length).toBeLessThanOrEqual(maxPaths);
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
        for (const person of PEOPLE) {
          realIds[person] = await create(token, {
            name: names[person],
            handle: `${prefix.toLowerCase()}-${person}`,
          });
        }
        await deleteRecords(token, area.api.key, [realIds.tango], 'all');
        const realId = (id: number) => realIds[PERSON_OF.get(id) ?? 'alpha'];
        const nameOf = (id: number) => names[PERSON_OF.get(id) ?? 'alpha'];

        const page = await context.newPage();
        try {
          await openList(page, area.many, area.route);
          await searchFor(page, prefix, area.many);
          const calls = new CallLog(page, area.api.list);
          await searchBox(page, area.many).evaluate((input) => {
            input.addEventListener('input', (event) => {
              (window as Window & { lastInputAt?: number }).lastInputAt = event.timeStamp;
            });
          });

          let world = startWorld();
          let places = startPlaces();
          let expected = startExpected();
          let inFlight: Request | null = null;
          const where = (i: number) =>
            `${area.many}, step ${i + 1} (${describeEvent(steps[i]?.event ?? { type: '?' })}) of: ${title}`;

          const expectSettledScreen = async (c: Expected, i: number) => {
            const inView = PEOPLE.filter((person) => world[person] === viewStatus(c.view)).sort((a, b) =>
              area.order === 'by hand'
                ? places[a] - places[b] || realIds[a] - realIds[b]
                : realIds[b] - realIds[a],
            );
            const count = (status: Status) => Object.values(world).filter((s) => s === status).length;
            const tabs = [`All (${count('active')})`, `Bin (${count('trashed')})`];
            const shows: Screen = {
              tabs,
              selectedTab: c.view === 'all' ? (tabs[0] ?? '') : (tabs[1] ?? ''),
              rows: inView.map((person) => names[person]),
              ticked: inView.filter((person) => c.selection.includes(MODEL_IDS[person])).map((s) => names[s]),
              bulk: c.selection.length > 0 ? `${c.selection.length} selected` : null,
              dialog: c.confirm !== null,
              search: words[c.search],
              empty: inView.length === 0 ? 'Oops! No results...' : null,
            };
            try {
              await page.waitForFunction(readScreen, JSON.stringify(shows), { timeout: 10_000 });
            } catch {
              expect(await page.evaluate(readScreen, null), where(i)).toEqual(shows);
            }
            expect(calls.unexpected(), where(i)).toEqual([]);
          };

          for (const [i, step] of steps.entries()) {
            const { event } = step;
            const id = (event as { id?: number }).id;
            const was = expected;
            const inBin = was.view === 'trashed';
            const dialog = confirmDialog(page);
            const row = () => rowOf(page, nameOf(id ?? 0));

            // What the user does (nothing, when the step is the console's own: a call answering, time passing).
            switch (event.type) {
              case 'view.bin':
                await tab(page, 'trashed').click();
                break;
              case 'view.all':
                await tab(page, 'all').click();
                break;
              case 'selection.toggle':
                // The input itself is hidden: a pointer user presses its label.
                await row()
                  .getByRole('checkbox', { name: `Select ${nameOf(id ?? 0)}`, exact: true })
                  .locator('xpath=ancestor::label[1]')
                  .click();
                break;
              case 'item.delete':
                await row()
                  .getByRole('button', {
                    name: `${inBin ? 'Delete forever' : 'Delete'} ${nameOf(id ?? 0)}`,
                    exact: true,
                  })
                  .click();
                break;
              case 'item.restore':
                await row()
                  .getByRole('button', { name: `Restore ${nameOf(id ?? 0)}`, exact: true })
                  .click();
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
                await searchBox(page, area.many).fill(
                  words[(event as unknown as { value: SearchWord }).value],
                );
                break;
              case loadDone.type:
              case removeDone.type:
              case restoreDone.type: {
                const response = await inFlight?.response();
                expect(response?.ok(), where(i)).toBe(true);
                inFlight = null;
                const before = world;
                world = applyCall(world, event, was.acting, was.view);
                places = applyOrder(places, before, world);
                break;
              }
            }
            expected = expectAfter(was, event, world);
            const now = expected;

            // What the screen shows, and what the console sent, in the state the model reached.
            if (
              (now.open === 'load' && was.open !== 'load') ||
              (now.open === 'load' && event.type === 'search.change')
            ) {
              const request = await calls.take(`GET ${area.api.list}`);
              const url = new URL(request.url());
              expect(isListCall(request.url(), area.many), where(i)).toBe(true);
              expect(url.searchParams.get('search'), where(i)).toBe(words[now.search]);
              // Every load a path makes is of the first page.
              expect(url.searchParams.get('page') ?? '1', where(i)).toBe('1');
              if (event.type === debounced.type) {
                await (await request.response())?.finished();
                // The browser files the call's timing entry once its body has arrived: wait for it.
                const waited = (await (
                  await page.waitForFunction(
                    (address) => {
                      const started = performance.getEntriesByName(address)[0]?.startTime;
                      const typed = (window as Window & { lastInputAt?: number }).lastInputAt;
                      return started === undefined || typed === undefined ? false : started - typed;
                    },
                    request.url(),
                    { timeout: 5_000 },
                  )
                ).jsonValue()) as number;
                expect(waited, where(i)).toBeGreaterThanOrEqual(490);
              }
              inFlight = request;
            } else if (now.waiting) {
              expect(await searchBox(page, area.many).inputValue(), where(i)).toBe(words[now.search]);
            } else if (now.open === 'remove') {
              const request = await calls.take(`POST ${area.api.delete}`);
              expect(request.method(), where(i)).toBe('POST');
              expect(new URL(request.url()).pathname, where(i)).toBe(area.api.delete);
              const body = request.postDataJSON() as Record<string, unknown>;
              expect(Object.keys(body).sort(), where(i)).toEqual([area.api.key, 'type'].sort());
              expect([...(body[area.api.key] as number[])].sort(), where(i)).toEqual(
                now.acting.map(realId).sort(),
              );
              expect(body.type, where(i)).toBe(inBin ? 'trashed' : 'all');
              inFlight = request;
            } else if (now.open === 'restore') {
              const request = await calls.take(`POST ${area.api.restore}`);
              expect(request.method(), where(i)).toBe('POST');
              expect(new URL(request.url()).pathname, where(i)).toBe(area.api.restore);
              const body = request.postDataJSON() as Record<string, unknown>;
              expect(Object.keys(body), where(i)).toEqual([area.api.key]);
              expect(body[area.api.key], where(i)).toEqual(now.acting.map(realId));
              inFlight = request;
            } else if (now.confirm !== null) {
              await dialog.waitFor();
              expect(await dialog.getByRole('heading').textContent(), where(i)).toBe('Hold up!');
              expect(
                await dialog.getByText(new RegExp(`^You are about to delete ${area.one}\\(s\\)`)).count(),
                where(i),
              ).toBe(1);
              expect(
                await dialog.getByText('Are you sure you wish to continue?', { exact: true }).count(),
                where(i),
              ).toBe(1);
              await expectSettledScreen(now, i);
            } else if (now.open === null) {
              await dialog.waitFor({ state: 'detached' });
              await expectSettledScreen(now, i);
            } else {
              throw new Error(`${where(i)}: the replay has no check for ${JSON.stringify(now)}`);
            }
          }
        } finally {
          await page.close();
        }
      });
    });
  });
}
