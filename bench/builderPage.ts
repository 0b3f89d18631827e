/**
 * The block builder driven as a user drives it, for the long-page benchmark: signing in, opening a
 * page, pressing block controls and typing, each timed from the press to the paint that shows it.
 */
import type { Page } from 'playwright-core';
import { WINDOW_FROM_BLOCKS } from '../src/blocks/builder/rowWindow';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './server';

/** Keystrokes typed into a block field per round. */
export const KEYSTROKES = 60;
/** Event Timing reports events at least this long (its floor); shorter ones count as this. */
export const EVENT_FLOOR_MS = 16;

export function p95(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)] ?? 0;
}

export async function signIn(page: Page, base: string, email = ADMIN_EMAIL): Promise<void> {
  await page.goto(`${base}/`);
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Password/).fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.waitForURL(/\/dashboard$/);
}

/** Where the page keeps the moment its block list became usable. */
const USABLE_KEY = '__blockListUsableAt';

/**
 * Watches every page from its start for the last block's enabled Edit button and keeps the time of
 * the frame that first showed it. Read in the page itself: polling from here would add its own
 * interval to the figure.
 */
export async function watchUsable(page: Page, count: number): Promise<void> {
  await page.addInitScript(
    ({ name, key }) => {
      // No named functions in here: the runner that loads this file would wrap them in a helper the
      // page does not have.
      const store = window as unknown as Record<string, number | undefined>;
      const observer = new MutationObserver(() => {
        if (store[key] !== undefined) return;
        const button = document.querySelector(`button[aria-label="${name}"]`);
        const usable =
          button instanceof HTMLButtonElement &&
          !button.disabled &&
          button.getAttribute('aria-disabled') !== 'true';
        if (!usable) return;
        observer.disconnect();
        // The frame that paints it: rAF runs just before that paint.
        requestAnimationFrame(() => {
          store[key] = performance.now();
        });
      });
      observer.observe(document, {
        childList: true,
        subtree: true,
        attributes: true,
        attributeFilter: ['disabled', 'aria-disabled'],
      });
    },
    { name: `Edit Block ${count}`, key: USABLE_KEY },
  );
}

/** Milliseconds from navigation start until every block is listed with an enabled Edit button. */
export async function openBuilder(page: Page, url: string): Promise<number> {
  await page.goto(url, { waitUntil: 'commit' });
  const usableAt = await page
    .waitForFunction((key) => (window as unknown as Record<string, number | undefined>)[key], USABLE_KEY, {
      timeout: 30_000,
    })
    .catch(async (error: unknown) => {
      const seen = await page.evaluate(() => ({
        rows: document.querySelectorAll('ol[aria-label="Blocks"] > li').length,
        text: (document.body.textContent ?? '').slice(0, 400),
      }));
      throw new Error(`The builder did not list its blocks: ${JSON.stringify(seen)}`, { cause: error });
    });
  return Number(await usableAt.jsonValue());
}

/**
 * Scrolls the block list until the control named `label` is in the document and in view: a long
 * page lists only the blocks near the view. Not timed: a user scrolls to a block before pressing.
 */
export async function reveal(page: Page, label: string): Promise<void> {
  const found = await page.evaluate(async (label) => {
    // No named functions in here (see watchUsable).
    const list = document.querySelector('ol[aria-label="Blocks"]') as HTMLElement;
    let scroller: HTMLElement | null = list.parentElement;
    while (scroller && !/(auto|scroll)/.test(getComputedStyle(scroller).overflowY))
      scroller = scroller.parentElement;
    const box = scroller ?? document.documentElement;
    const wanted = Number(/Block (\d+)/.exec(label)?.[1]);
    for (let step = 0; step < 200; step++) {
      const button = [...list.querySelectorAll('button')].find((b) => b.getAttribute('aria-label') === label);
      if (button) button.scrollIntoView({ block: 'center' });
      else {
        // Which way: by the numbers of the blocks now listed.
        const rows = [...list.querySelectorAll<HTMLElement>(':scope > li[aria-posinset]')];
        const named = rows
          .map((row) => Number(/^Block (\d+)$/.exec(row.getAttribute('aria-label') ?? '')?.[1]))
          .filter((n) => !Number.isNaN(n));
        const middle = named[Math.floor(named.length / 2)] ?? 0;
        const total = Number(rows[0]?.getAttribute('aria-setsize') ?? 0);
        if (step === 0 && total > 0 && !Number.isNaN(wanted)) {
          const listTop = list.getBoundingClientRect().top - box.getBoundingClientRect().top + box.scrollTop;
          box.scrollTop = listTop + ((wanted - 1) / total) * list.getBoundingClientRect().height;
        } else box.scrollTop += (wanted < middle ? -0.5 : 0.5) * box.clientHeight;
      }
      // Two frames: the list follows the scroll in one, the next paints it.
      for (let frame = 0; frame < 2; frame++)
        await new Promise<void>((done) => requestAnimationFrame(() => setTimeout(done, 0)));
      if (button) return true;
    }
    return false;
  }, label);
  if (!found) throw new Error(`No control ${label} in the block list`);
}

/**
 * Presses the control named `label` (or the Ctrl+Z shortcut) inside the page and times it to the
 * next paint after the block list changed: press, React renders, the frame after is painted.
 */
export async function timePress(page: Page, label: string | 'undo'): Promise<number> {
  if (label !== 'undo') await reveal(page, label);
  return page.evaluate(async (label) => {
    const list = document.querySelector('ol[aria-label="Blocks"]') as HTMLElement;
    const changed = new Promise<void>((done) => {
      const observer = new MutationObserver(() => {
        observer.disconnect();
        done();
      });
      observer.observe(list, { childList: true, subtree: true, attributes: true, characterData: true });
    });
    const start = performance.now();
    if (label === 'undo') {
      (document.activeElement as HTMLElement | null)?.blur();
      document.dispatchEvent(new KeyboardEvent('keydown', { key: 'z', ctrlKey: true, bubbles: true }));
    } else {
      const button = [...document.querySelectorAll('button')].find(
        (b) => b.getAttribute('aria-label') === label,
      );
      if (!button) throw new Error(`no button ${label}`);
      button.click();
    }
    await changed;
    // The frame that shows the change: rAF runs before its paint, the task after it once painted.
    await new Promise<void>((done) => requestAnimationFrame(() => setTimeout(done, 0)));
    return performance.now() - start;
  }, label);
}

export async function timeAdd(page: Page): Promise<number> {
  await page.getByRole('button', { name: /Block type/ }).click();
  await page.getByRole('option', { name: 'Rich text', exact: true }).click();
  return page.evaluate(async () => {
    const list = document.querySelector('ol[aria-label="Blocks"]') as HTMLElement;
    // The new block is the last: the list's last row is another one (a long page lists only some rows).
    const before = list.lastElementChild;
    const changed = new Promise<void>((done) => {
      const observer = new MutationObserver(() => {
        if (list.lastElementChild === before) return;
        observer.disconnect();
        done();
      });
      observer.observe(list, { childList: true });
    });
    const button = [...document.querySelectorAll('button')].find(
      (b) => b.textContent?.trim() === 'Add block',
    );
    if (!button) throw new Error('no Add block button');
    const start = performance.now();
    button.click();
    await changed;
    await new Promise<void>((done) => requestAnimationFrame(() => setTimeout(done, 0)));
    return performance.now() - start;
  });
}

/**
 * How keys are typed. `typist`: a fast typist's ten keys a second (120 words a minute), each key
 * after a gap of 50 to 150 ms, so each lands at its own point of the display's frame, as a person's
 * keys do. `back to back`: each key the moment the browser has taken the last, about one a frame.
 * At that pace the keys fall into step with the frame clock: each arrives at the same point of its
 * frame as the one before, so a whole run is painted in the next frame or a whole run a frame late,
 * by where the first key happened to land (decision 035), and each key meets the last one's frame
 * still being made. No typist does either; the figure is printed beside the goal's, not held to it.
 */
export type TypingPace = 'typist' | 'back to back';
const TYPIST_GAP_MS = { least: 50, most: 150 } as const;

/** The typist's gaps: a fixed sequence (a linear congruential generator), the same in every run. */
function typistGaps(): () => number {
  let seed = 2026;
  return () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return TYPIST_GAP_MS.least + (seed / 2 ** 31) * (TYPIST_GAP_MS.most - TYPIST_GAP_MS.least);
  };
}

/** Keystroke-to-paint: the longest Event Timing entry of each keystroke's interaction. */
export async function typingLatency(
  page: Page,
  block: string,
  pace: TypingPace = 'typist',
): Promise<{ p95: number; reported: number; samples: number[] }> {
  await reveal(page, `Edit ${block}`);
  await page.getByRole('button', { name: `Edit ${block}`, exact: true }).click();
  const fieldBox = page
    .locator(`li[aria-label="${block}"] input[type="text"], li[aria-label="${block}"] textarea`)
    .first();
  await fieldBox.click();
  await page.evaluate((floor) => {
    const store = window as unknown as { __keys: Map<number, number> };
    store.__keys = new Map();
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as PerformanceEventTiming[]) {
        if (!entry.interactionId || !entry.name.startsWith('key')) continue;
        store.__keys.set(
          entry.interactionId,
          Math.max(store.__keys.get(entry.interactionId) ?? 0, entry.duration),
        );
      }
    }).observe({ type: 'event', durationThreshold: floor, buffered: false } as PerformanceObserverInit);
  }, EVENT_FLOOR_MS);
  const text = 'Spring offers on nearly new hatchbacks at every branch ';
  const gap = typistGaps();
  for (let i = 0; i < KEYSTROKES; i++) {
    if (pace === 'typist') await new Promise((done) => setTimeout(done, gap()));
    await page.keyboard.press(text[i % text.length] === ' ' ? 'Space' : (text[i % text.length] as string));
  }
  // Entries arrive after their paint.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 100))));
  const reported = await page.evaluate(() => [
    ...(window as unknown as { __keys: Map<number, number> }).__keys.values(),
  ]);
  // Keystrokes under the floor are not reported: they count as the floor.
  const samples = [
    ...reported,
    ...Array.from({ length: Math.max(0, KEYSTROKES - reported.length) }, () => EVENT_FLOOR_MS),
  ];
  await page.getByRole('button', { name: 'Cancel', exact: true }).click();
  return { p95: p95(samples), reported: reported.length, samples };
}

const PREVIEW_FRAME = 'iframe[title="Page preview"]';
/** Where the page keeps the promise of the keystroke being timed to the preview. */
const PREVIEW_SEEN_KEY = '__previewSeen';

/**
 * Waits until the open preview pane shows its blocks: every visible block of a short page, the first
 * ones and the last of a long page (which renders only those near its view).
 */
export async function previewShown(page: Page, count: number): Promise<void> {
  await page.waitForFunction(
    ({ selector, blocks, windowed }) => {
      const shown =
        (document.querySelector(selector) as HTMLIFrameElement | null)?.contentDocument?.querySelectorAll(
          '[data-preview-key]',
        ).length ?? 0;
      return windowed ? shown > 1 : shown === blocks;
    },
    { selector: PREVIEW_FRAME, blocks: count, windowed: count > WINDOW_FROM_BLOCKS },
    { timeout: 30_000 },
  );
}

/**
 * Keystroke to preview paint: from a key's keydown in a block field to the frame painted after the
 * preview first shows the field's new text. Keys are pressed one at a time, each once the last has
 * reached the preview, so each figure is one keystroke's whole way.
 */
export async function previewLatency(page: Page, block: string): Promise<{ p95: number; samples: number[] }> {
  await reveal(page, `Edit ${block}`);
  await page.getByRole('button', { name: `Edit ${block}`, exact: true }).click();
  const fields = page.locator(
    `li[aria-label="${block}"] input[type="text"], li[aria-label="${block}"] textarea`,
  );
  // The first of the block's text fields that the site shows (a block's name may not be shown).
  const probe = 'Qzx';
  let chosen = -1;
  for (let at = 0; at < (await fields.count()) && chosen < 0; at++) {
    await fields.nth(at).fill(probe);
    const shown = await page
      .waitForFunction(
        ({ selector, text }) =>
          (
            document.querySelector(selector) as HTMLIFrameElement | null
          )?.contentDocument?.body.textContent?.includes(text),
        { selector: PREVIEW_FRAME, text: probe },
        { timeout: 2000 },
      )
      .then(() => true)
      .catch(() => false);
    await fields.nth(at).fill('');
    if (shown) chosen = at;
  }
  if (chosen < 0) throw new Error(`No text field of ${block} shows in the preview`);
  const fieldBox = fields.nth(chosen);
  await fieldBox.click();
  const text = 'Springoffersonnearlynewhatchbacksateverybranch';
  const samples: number[] = [];
  let typed = '';
  for (let i = 0; i < KEYSTROKES; i++) {
    const key = text[i % text.length] as string;
    typed += key;
    // The watcher is in place before the key is pressed: an evaluate not awaited can reach the page
    // after the key's own events, and the keystroke then never counts.
    await page.evaluate(
      ({ selector, expected, store }) => {
        const doc = (document.querySelector(selector) as HTMLIFrameElement).contentDocument as Document;
        const state: { pressedAt: number | null; field: string | null } = { pressedAt: null, field: null };
        const seen = new Promise<number>((done, fail) => {
          // A keystroke that never reaches the preview fails the figure rather than hanging the run.
          const giveUp = setTimeout(() => {
            const shown = doc.body.textContent?.includes(expected) ?? false;
            fail(
              new Error(
                `the preview never showed "${expected}" (key seen: ${state.pressedAt !== null}, field: ${JSON.stringify(state.field)}, shown now: ${shown})`,
              ),
            );
          }, 10_000);
          document.addEventListener(
            'keydown',
            () => {
              state.pressedAt = performance.now();
            },
            { once: true, capture: true },
          );
          document.addEventListener(
            'input',
            (event) => {
              state.field = (event.target as HTMLInputElement).value ?? null;
            },
            { once: true, capture: true },
          );
          const observer = new MutationObserver(() => {
            if (state.pressedAt === null || !doc.body.textContent?.includes(expected)) return;
            observer.disconnect();
            clearTimeout(giveUp);
            const start = state.pressedAt;
            requestAnimationFrame(() => setTimeout(() => done(performance.now() - start), 0));
          });
          observer.observe(doc.body, { childList: true, subtree: true, characterData: true });
        });
        (window as unknown as Record<string, Promise<number>>)[store] = seen;
        // Not left unhandled while the key is pressed: the awaiting evaluate below reports it.
        seen.catch(() => undefined);
      },
      { selector: PREVIEW_FRAME, expected: typed, store: PREVIEW_SEEN_KEY },
    );
    await page.keyboard.press(key);
    samples.push(
      await page.evaluate(
        (store) => (window as unknown as Record<string, Promise<number>>)[store] as Promise<number>,
        PREVIEW_SEEN_KEY,
      ),
    );
  }
  await page.getByRole('button', { name: 'Cancel', exact: true }).click();
  return { p95: p95(samples), samples };
}
