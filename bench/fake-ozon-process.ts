/**
 * The fake marketplace (tests/fakes/ozon.ts) in a process of its own, for the sweep's benchmarks: in the bench's
 * process its answers (each built from the 10 000 cards) were counted in the service's RSS and CPU. Started by
 * `startFakeOzonProcess` (the child is bench/servers/fake-ozon.ts); the bench sets it up and reads what it was asked
 * over the IPC channel.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { type OfferTerms } from '../tests/fakes/ozon-market-prices.ts';
import { type ImportPlan } from '../tests/fakes/ozon.ts';
import { GOOD_KEY, bindActiveShop } from '../tests/helpers/marketplace-app.ts';
import { type TestApp, startTestApp } from '../tests/helpers/test-app.ts';

/** What the parent can ask; every call answers when the child has done it. */
export type FakeOzonCalls = {
  addKey(clientId: string, apiKey: string): void;
  plan(plan: ImportPlan, moderationMs: number): void;
  terms(entries: readonly (readonly [string, Partial<OfferTerms>])[]): void;
  productIds(taskId: number): readonly number[];
  /** Each request's number of ids so far: prices reads, rating reads, card lookups. */
  reads(): { prices: number[]; ratings: number[]; lookups: number[] };
};

export type FakeOzonProcess = { readonly url: string; readonly pid: number } & {
  [K in keyof FakeOzonCalls]: (...args: Parameters<FakeOzonCalls[K]>) => Promise<ReturnType<FakeOzonCalls[K]>>;
} & {
  close(): Promise<void>;
};

export type FakeOzonRequest = { id: number; call: keyof FakeOzonCalls; args: unknown[] };
export type FakeOzonReply = { id: number; result?: unknown; error?: string };

export async function startFakeOzonProcess(): Promise<FakeOzonProcess> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'servers/fake-ozon.ts')], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    child.once('message', (message) => resolve((message as { url: string }).url));
    child.once('exit', (code) => reject(new Error(`the fake marketplace exited with ${code}`)));
  });
  let next = 0;
  const waiting = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  child.on('message', (message) => {
    const reply = message as FakeOzonReply;
    const call = waiting.get(reply.id);
    waiting.delete(reply.id);
    if (reply.error === undefined) call?.resolve(reply.result);
    else call?.reject(new Error(reply.error));
  });
  const ask =
    (call: keyof FakeOzonCalls) =>
    (...args: unknown[]): Promise<never> =>
      new Promise((resolve, reject) => {
        const id = ++next;
        waiting.set(id, { resolve: resolve as (value: unknown) => void, reject });
        child.send({ id, call, args } satisfies FakeOzonRequest);
      });
  return {
    url,
    pid: child.pid!,
    addKey: ask('addKey'),
    plan: ask('plan'),
    terms: ask('terms'),
    productIds: ask('productIds'),
    reads: ask('reads'),
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** The service in this process (its workers asleep as `env` says) against the fake in its own, with one shop bound and tested. */
export type SweepStack = { readonly ozon: FakeOzonProcess; readonly t: TestApp; readonly shopId: string; close(): Promise<void> };

export async function startSweepStack(env: Record<string, string>): Promise<SweepStack> {
  const ozon = await startFakeOzonProcess();
  await ozon.addKey('123456', GOOD_KEY);
  const t = await startTestApp({ env: { OZON_API_URL: ozon.url, ...env } });
  const shopId = await bindActiveShop(t);
  return { ozon, t, shopId, close: async () => (await t.close(), await ozon.close()) };
}
