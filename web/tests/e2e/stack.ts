import path from 'node:path';
import { type Page } from 'playwright-core';
import { expect } from 'vitest';
import { audit } from './a11y.ts';
import { type Browser, launchBrowser } from './browser.ts';
import { type Fixtures, startFixtures } from './fixtures.ts';
import { APP_TOKEN, REPO_ROOT, type RunningService, buildWeb, startService } from './service.ts';

export const SCREENSHOTS = path.join(REPO_ROOT, 'web/screenshots');

/** Fixtures, the built page, the service and a browser page: everything one e2e file needs. */
export type Stack = {
  readonly fixtures: Fixtures;
  readonly service: RunningService;
  readonly browser: Browser;
  readonly page: Page;
  /** Logs in through the form and lands on the product list. */
  login(): Promise<void>;
  close(): Promise<void>;
};

/** `env` adds to the service's environment (e.g. `OZON_API_URL` of a fake marketplace). */
export async function startStack(env: Record<string, string> = {}): Promise<Stack> {
  const fixtures = await startFixtures();
  buildWeb();
  // The browser's context opens while the service starts (most of a file's set-up).
  const [service, browser] = await Promise.all([
    startService({
      FX_CBR_URL: `${fixtures.url}/daily_json.js`,
      FX_ERAPI_URL: `${fixtures.url}/none`,
      FX_CURRENCYAPI_URL: `${fixtures.url}/none`,
      ...env,
    }),
    launchBrowser(),
  ]);
  if (env.PUBLIC_BASE_URL) await servePublicNameLocally(browser, env.PUBLIC_BASE_URL, service.baseUrl);
  const page = await browser.context.newPage();
  return {
    fixtures,
    service,
    browser,
    page,
    async login() {
      await page.goto(`${service.baseUrl}/login`);
      await page.click('#use-app-token');
      await page.fill('#app-token', APP_TOKEN);
      await page.click('button[type=submit]');
      await page.waitForURL(/\/products$/);
    },
    async close() {
      // The browser's close reports CSP violations by throwing; the service and fixtures are stopped all the same.
      try {
        await browser.close();
      } finally {
        await service.stop();
        await fixtures.close();
      }
    },
  };
}

/**
 * In production PUBLIC_BASE_URL is the service's own public name; here it is a name nobody serves (the marketplace
 * checks only that it is public). The browser is answered for that name by the local service, as DNS would, so the
 * page's thumbnails and players show the stored files instead of broken images.
 */
async function servePublicNameLocally(browser: Browser, publicBase: string, localBase: string): Promise<void> {
  const prefix = publicBase.replace(/\/+$/, '');
  await browser.context.route(`${prefix}/**`, async (route) => {
    const response = await route.fetch({ url: localBase + route.request().url().slice(prefix.length) });
    await route.fulfill({ response });
  });
}

/** Polling readers for `expect.poll` (playwright-core has no assertions of its own). */
export const attr = (page: Page, selector: string, name: string) => () => page.getAttribute(selector, name, { timeout: 5_000 }).catch(() => null);
export const text = (page: Page, selector: string) => () => page.textContent(selector, { timeout: 5_000 }).catch(() => null);
export const value = (page: Page, selector: string) => () => page.inputValue(selector, { timeout: 5_000 }).catch(() => null);
/** The `data-path` of the form field holding the focus (where a problem's link took the seller), or null. */
export const focusedField = (page: Page) => () => page.evaluate(() => document.activeElement?.closest('[data-path]')?.getAttribute('data-path') ?? null);
export const POLL = { timeout: 15_000, interval: 100 } as const;

/**
 * Every screenshot is a screen a seller sees: it is written, then audited by axe-core (`a11y.ts`), so a
 * screen added later is checked without anyone remembering to. The picture comes first, so a short-lived
 * state (a running job) is captured as the test saw it.
 */
export async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`) });
  await audit(page, name);
}

/** Waits until the autosave reports that the server has every edit. */
export const savedAll = (page: Page): Promise<void> => expect.poll(attr(page, '#save-state [data-status]', 'data-status'), POLL).toBe('saved');

/**
 * Presses Tab until `selector` has the focus: proves it is reachable by keyboard, in the screen's own order,
 * and that every element passed on the way shows where the focus is (an outline, WCAG 2.4.7).
 */
export async function tabTo(page: Page, selector: string, presses = 120): Promise<void> {
  for (let i = 0; i < presses; i += 1) {
    const focus = await page.evaluate((wanted) => {
      const element = document.activeElement;
      if (!element || element === document.body) return { reached: false, unmarked: null };
      const style = getComputedStyle(element);
      const marked = style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0;
      return { reached: element.matches(wanted), unmarked: marked ? null : `${element.tagName.toLowerCase()}#${element.id}.${element.className}` };
    }, selector);
    if (focus.unmarked) throw new Error(`the keyboard focus on ${focus.unmarked} is not visible`);
    if (focus.reached) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${selector}`);
}
