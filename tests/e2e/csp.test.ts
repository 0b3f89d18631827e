import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiToken, createBrand, createDealership, createUser, uniqueToken } from './api';
import { hasChromium, launchBrowser, newContext, signIn } from './browser';
import { baseURL } from './server';

type ViolationWindow = Window & { __cspViolations?: string[] };

/** A context whose pages note every CSP violation they report, from the first script on. */
async function watchedContext(browser: Browser): Promise<BrowserContext> {
  const context = await newContext(browser);
  await context.addInitScript(() => {
    const seen: string[] = [];
    (window as ViolationWindow).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(
        `${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`,
      );
    });
  });
  return context;
}

const violations = (page: Page) => page.evaluate(() => (window as ViolationWindow).__cspViolations ?? []);

describe.skipIf(!hasChromium)('The console page’s Content-Security-Policy', () => {
  let browser: Browser;
  let ids: { user: number; brand: number; dealership: number };

  beforeAll(async () => {
    browser = await launchBrowser();
    const token = await apiToken();
    const suffix = uniqueToken();
    const brand = await createBrand(token, { name: `CSP Brand ${suffix}`, slug: `csp-brand-${suffix}` });
    ids = {
      user: await createUser(token, { name: `CSP User ${suffix}`, email: `csp-${suffix}@example.com` }),
      brand,
      dealership: await createDealership(token, {
        name: `CSP Dealership ${suffix}`,
        slug: `csp-dealership-${suffix}`,
        brand_id: brand,
        copy: '## Welcome\n\nOur **showroom** and ~~old~~ new cars.\n\n| Day | Hours |\n| --- | --- |\n| Mon | 9-5 |',
      }),
    };
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('is strict: own scripts only, no plugins, no base changes, no framing', async () => {
    const res = await fetch(new URL('/users', baseURL()));
    const policy = res.headers.get('content-security-policy') ?? '';
    const directives = Object.fromEntries(
      policy.split(';').map((d) => {
        const [name = '', ...sources] = d.trim().split(/\s+/);
        return [name, sources.join(' ')];
      }),
    );
    expect(directives['script-src']).toBe("'self'");
    expect(directives['object-src']).toBe("'none'");
    expect(directives['base-uri']).toBe("'none'");
    expect(directives['frame-ancestors']).toBe("'none'");
    expect(directives['default-src']).toBe("'self'");
  });

  it('reports no violation while signing in and opening users, brands and dealerships', async () => {
    const context = await watchedContext(browser);
    const page = await context.newPage();
    const report: string[] = [];
    page.on('console', (message) => {
      if (message.text().includes('Content Security Policy')) report.push(message.text());
    });
    try {
      await signIn(page);
      expect(await violations(page)).toEqual([]);
      for (const [list, heading, edit] of [
        ['/users', 'Users', `/users/edit/${ids.user}`],
        ['/brands', 'Brands', `/brands/edit/${ids.brand}`],
        ['/dealerships', 'Dealerships', `/dealerships/edit/${ids.dealership}`],
      ] as const) {
        await page.goto(list);
        await page.getByRole('heading', { name: heading, exact: true }).waitFor();
        await page.getByRole('row').nth(1).waitFor();
        expect(await violations(page), list).toEqual([]);
        await page.goto(edit);
        await page.getByRole('button', { name: 'Save', exact: true }).first().waitFor();
        expect(await violations(page), edit).toEqual([]);
      }
      // The dealership's edit page shows the copy in the rich-text editor: it too styles itself from the bundle.
      expect(report).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('refuses an inline script planted in the page', async () => {
    const context = await watchedContext(browser);
    const page = await context.newPage();
    try {
      await page.goto('/');
      await page.getByRole('button', { name: 'Sign In', exact: true }).waitFor();
      const ran = await page.evaluate(async () => {
        const script = document.createElement('script');
        script.textContent = 'window.__planted = true';
        document.body.append(script);
        await new Promise((resolve) => setTimeout(resolve, 0));
        return Boolean((window as Window & { __planted?: boolean }).__planted);
      });
      expect(ran).toBe(false);
      expect(await violations(page)).toEqual([expect.stringContaining('script-src-elem blocked inline')]);
    } finally {
      await context.close();
    }
  });

  it('sends the console’s scripts brotli-compressed', async () => {
    const html = await (await fetch(new URL('/', baseURL()))).text();
    const script = /<script type="module" crossorigin src="([^"]+)"/.exec(html)?.[1];
    expect(script).toMatch(/^\/assets\/.+\.js$/);
    const res = await fetch(new URL(script!, baseURL()), { headers: { 'accept-encoding': 'br' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
  });
});
