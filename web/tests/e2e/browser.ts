import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type BrowserContext, chromium } from 'playwright-core';

/** Debian's Chromium; the tests never download a browser. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const VIEWPORT = { width: 1440, height: 900 } as const;

export type Browser = { readonly context: BrowserContext; close(): Promise<void> };

/** A headless Chromium with a fresh profile directory, quiet (no background network, no updates). */
export async function launchBrowser(): Promise<Browser> {
  const profile = mkdtempSync(path.join(tmpdir(), 'lws-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
    viewport: VIEWPORT,
    acceptDownloads: true,
    locale: 'zh-CN',
    timezoneId: 'UTC',
  });
  // The page runs under a strict CSP (issue 29): anything it refuses is a page that no longer works as written.
  const refusedByPolicy: string[] = [];
  context.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) refusedByPolicy.push(`${message.location().url}: ${message.text()}`);
  });
  return {
    context,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
      if (refusedByPolicy.length > 0) throw new Error(`the page broke its Content-Security-Policy:\n${refusedByPolicy.join('\n')}`);
    },
  };
}
