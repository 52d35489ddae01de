/**
 * The stage of the two-instance test: one scratch PostgreSQL database, one S3 (s3rver), a counting CDN and the
 * fake marketplace, and two real service processes sharing them, each with 4 download slots and 6 s leases.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type DatabaseHandle, openDatabase } from '../../src/adapters/persistence/connection.ts';
import { type CountingCdn, startCountingCdn } from '../fakes/counting-cdn.ts';
import { type FakeOzon, startFakeOzon } from '../fakes/ozon.ts';
import { type FakeS3, startFakeS3 } from '../fakes/s3.ts';
import { GOOD_KEY } from './marketplace-app.ts';
import { type Api, loginTo } from './service-api.ts';
import { type ServiceProcess, scratchPostgresDatabase, startServiceProcess } from './service-process.ts';

export { type Api, until } from './service-api.ts';

/** What every instance must share (README "Running more than one instance"). */
const SHARED = {
  APP_TOKEN: 'two-app-token-0123456789',
  JWT_SECRET: 'two-jwt-secret-that-is-at-least-32-bytes!',
  SECRET_KEY: 'two-secret-key-0123456789abcdef',
};

/** A collected product of `images` detail images served by the CDN. */
export const materials = (cdn: string, product: number, images: number) => ({
  product: { id: null },
  source: { platform: '1688', itemId: `two-${product}`, url: `https://detail.1688.com/offer/${product}.html`, collectedAt: 1 },
  texts: [],
  images: Array.from({ length: images }, (_, index) => ({
    groupKey: 'detail',
    groupName: '详情',
    variantName: null,
    url: `${cdn}/p${product}/${index}.jpg`,
    index,
    type: 'img',
    dedupeKey: `p${product}-${index}`,
  })),
});

export type TwoInstances = {
  readonly s3: FakeS3;
  readonly cdn: CountingCdn;
  readonly ozon: FakeOzon;
  /** The shared database, migrated before the instances start (so they can start side by side). */
  readonly db: DatabaseHandle;
  readonly a: ServiceProcess;
  readonly b: ServiceProcess;
  /** The API of each instance with one token (one JWT secret: a token from A is good on B). */
  readonly onA: Api;
  readonly onB: Api;
};

/** The shared stage without the instances: `start` starts one more instance on it (env overrides the defaults). */
export type Stage = Omit<TwoInstances, 'a' | 'b' | 'onA' | 'onB'> & {
  start(name: string, env?: Record<string, string>): Promise<ServiceProcess>;
  /** The API of an instance, logged in with the shared app token. */
  apiOf(instance: ServiceProcess): Promise<Api>;
};

/** Starts the database, S3, CDN and marketplace; `cleanups` receives what undoes each part, to run in reverse order. */
export async function startStage(adminUrl: string, cleanups: (() => Promise<unknown> | unknown)[]): Promise<Stage> {
  const [database, s3, cdn, ozon] = await Promise.all([scratchPostgresDatabase(adminUrl, 'two'), startFakeS3(), startCountingCdn(), startFakeOzon()]);
  cleanups.push(
    () => database.drop(),
    () => s3.close(),
    () => cdn.close(),
    () => ozon.close(),
  );
  ozon.addKey('123456', GOOD_KEY);
  const start = async (name: string, env: Record<string, string> = {}): Promise<ServiceProcess> => {
    const dataDir = mkdtempSync(path.join(tmpdir(), `lws-two-${name}-`));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const started = await startServiceProcess({
      ...SHARED,
      ...s3.env,
      DATA_DIR: dataDir,
      DATABASE_URL: database.url,
      OZON_API_URL: ozon.url,
      OUTBOUND_ALLOW_PRIVATE: 'true',
      PUBLIC_BASE_URL: 'https://lws.example.com',
      DOWNLOAD_CONCURRENCY: '4',
      DOWNLOAD_LEASE: '6s',
      PUBLISH_POLL_LEASE: '6s',
      PUBLISH_POLL_IDLE: '1s',
      PUBLISH_POLL_FIRST: '100ms',
      ...env,
    });
    cleanups.push(() => void started.child.kill('SIGKILL'));
    return started;
  };
  // Migrated here first, so instances can start side by side.
  const db = await openDatabase(database.url);
  cleanups.push(() => db.close());
  await db.migrate();
  return { s3, cdn, ozon, db, start, apiOf: (instance) => loginTo(instance, SHARED.APP_TOKEN) };
}

/** Starts everything; `cleanups` receives what undoes each part, to run in reverse order after the test. */
export async function startTwoInstances(adminUrl: string, cleanups: (() => Promise<unknown> | unknown)[]): Promise<TwoInstances> {
  const { start, apiOf, ...stage } = await startStage(adminUrl, cleanups);
  const [a, b] = await Promise.all([start('a'), start('b')]);
  return { ...stage, a, b, onA: await apiOf(a), onB: await apiOf(b) };
}
