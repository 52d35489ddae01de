import { chromium } from 'playwright-core';
import { type TestProject } from 'vitest/node';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './browser.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The websocket of the run's one Chromium (`launchBrowser` connects to it). */
    chromiumEndpoint: string;
  }
}

/** Vitest global setup of the e2e run: one Chromium for every file, closed when the run ends. */
export default async function startChromium(project: TestProject): Promise<() => Promise<void>> {
  const server = await chromium.launchServer({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
  project.provide('chromiumEndpoint', server.wsEndpoint());
  return () => server.close();
}
