import { type BrowserContext, type Download, chromium } from 'playwright-core';
import { inject } from 'vitest';

/** Debian's Chromium; the tests never download a browser. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Headless and quiet: no sandbox (containers), no GPU, no background network, no updates. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const VIEWPORT = { width: 1440, height: 900 } as const;

export type Browser = { readonly context: BrowserContext; close(): Promise<void> };

/**
 * A fresh browser context (its own cookies, storage and downloads) in the run's one Chromium, which
 * `chromium-server.ts` starts before the first e2e file: a context opens in a fraction of a second where a
 * Chromium of its own took seconds per file.
 */
export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.connect(inject('chromiumEndpoint'));
  const context = await browser.newContext({ viewport: VIEWPORT, acceptDownloads: true, locale: 'zh-CN', timezoneId: 'UTC' });
  // The page runs under a strict CSP (issue 29): anything it refuses is a page that no longer works as written.
  const refusedByPolicy: string[] = [];
  context.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) refusedByPolicy.push(`${message.location().url}: ${message.text()}`);
  });
  return {
    context,
    async close() {
      await context.close();
      await browser.close(); // only this connection: the shared Chromium stays for the next file
      if (refusedByPolicy.length > 0) throw new Error(`the page broke its Content-Security-Policy:\n${refusedByPolicy.join('\n')}`);
    },
  };
}

/** A download's bytes (a shared browser keeps the file on its side, so it is read through the connection). */
export async function downloaded(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
