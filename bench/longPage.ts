/**
 * A long page open in the builder with a block's first text field focused, for the scripts that
 * trace or profile typing in it (`profileBuilder.ts`, `traceKeystroke.ts`).
 */
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import type { PageItem } from '../src/api/contract/blocks';
import type { BuilderItem } from '../src/api/contract/builder';
import { PAGE_BLOCKS } from '../src/shared/catalogue';
import { blankItem } from '../src/shared/items';
import { openBuilder, previewShown, reveal, signIn, watchUsable } from './builderPage';
import { seedBenchData } from './server';

/** `count` blocks of the page types in turn, each named so it can be found (`Block 12`). */
export function longPage(count: number): PageItem[] {
  const types = Object.entries(PAGE_BLOCKS) as [string, BuilderItem][];
  return Array.from({ length: count }, (_, i) => {
    const [index, definition] = types[i % types.length] as [string, BuilderItem];
    return { ...blankItem(index, definition), name: `Block ${i + 1}` };
  });
}

export interface TypingOnLongPage {
  page: Page;
  context: BrowserContext;
  /** Stops the browser, the server and its data. */
  close: () => Promise<void>;
}

/**
 * Seeds the data, starts the server with the console (BENCH_CONSOLE_DIR picks the build), stores a
 * page of `count` blocks, opens it in the builder with the preview open or closed, and opens the
 * middle block with the focus in its first text field.
 */
export async function typingOnLongPage(count: number, open: boolean): Promise<TypingOnLongPage> {
  const data = await seedBenchData({ postgresUrl: null, size: 'normal' });
  const server = await data.start({ console: true });
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  const close = async () => {
    await browser.close();
    await server.stop();
    await data.drop();
  };
  try {
    const token = await server.token();
    const headers = {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      accept: 'application/json',
    };
    const brands = (await (await fetch(`${server.base}/api/brands?perPage=-1`, { headers })).json()) as {
      brands: { data: { id: number }[] };
    };
    const res = await fetch(`${server.base}/api/pages/store`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        data: {
          name: 'Long page',
          slug: 'long-page',
          brand_id: brands.brands.data[0]?.id,
          meta: { title: 'Long page', description: `A page of ${count} blocks` },
          published: 0,
          items: longPage(count),
        },
        parent: null,
      }),
    });
    if (!res.ok) throw new Error(`The page was refused: ${res.status} ${await res.text()}`);
    const { id } = (await res.json()) as { id: number };
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await signIn(page, server.base);
    await watchUsable(page, count);
    await page.evaluate((value) => localStorage.setItem('builder.preview.open', value), open ? '1' : '0');
    await openBuilder(page, `${server.base}/pages/edit/${id}`);
    if (open) await previewShown(page, count);
    const block = `Block ${Math.round(count / 2)}`;
    await reveal(page, `Edit ${block}`);
    await page.getByRole('button', { name: `Edit ${block}`, exact: true }).click();
    await page
      .locator(`li[aria-label="${block}"] input[type="text"], li[aria-label="${block}"] textarea`)
      .first()
      .click();
    return { page, context, close };
  } catch (error) {
    await close();
    throw error;
  }
}
