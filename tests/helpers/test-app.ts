import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type FastifyInstance } from 'fastify';
import { type Logger, pino } from 'pino';
import { appTokenFingerprint } from '../../src/application/use-cases/check-app-token.ts';
import { buildApp } from '../../src/infrastructure/app.ts';
import { type Config, loadConfig } from '../../src/infrastructure/config.ts';
import { type AppContainer, buildContainer, startFeatures, stopContainer } from '../../src/infrastructure/container.ts';
import { type Secrets } from '../../src/infrastructure/secrets.ts';
import { type TakenDatabase, type TestDatabase } from './databases.ts';
import { copyMigratedSqlite } from './fresh-databases.ts';

export const TEST_SECRETS: Secrets = {
  appToken: 'test-app-token-0123456789',
  jwtSecret: 'test-jwt-secret-that-is-at-least-32-bytes-long',
  secretKey: 'test-secret-key-for-encrypting-shop-keys',
  appTokenGenerated: false,
};

export type TestApp = {
  readonly app: FastifyInstance;
  readonly container: AppContainer;
  readonly config: Config;
  readonly dataDir: string;
  /** `{authorization: 'Bearer …'}` for a freshly issued access token. */
  readonly auth: { authorization: string };
  close(): Promise<void>;
};

export type TestAppOptions = {
  /** Extra environment (the variable names of README.md, Configuration), e.g. fake provider base URLs. */
  readonly env?: Record<string, string>;
  /** Database to run on; a fresh SQLite file by default. */
  readonly database?: TestDatabase;
  /** A database another app uses too (two instances on one schema); the caller drops it. */
  readonly sharedDatabase?: { readonly url: string; readonly schema?: string };
  /** Reuse a data dir (restart tests); a fresh temp dir by default. */
  readonly dataDir?: string;
  /** Call the features' start hooks (re-queue, resume polling). Default true. */
  readonly start?: boolean;
  /** A logger to capture output (e.g. to prove secrets never reach it); silent by default. */
  readonly logger?: Logger;
  /** Secrets other than TEST_SECRETS (key rotation tests). */
  readonly secrets?: Partial<Secrets>;
};

/** A whole app over a fresh data dir and database, ready for `app.inject`, with a valid bearer token. */
export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'lws-app-'));
  const shared = options.sharedDatabase;
  const taken: TakenDatabase | undefined = shared ? undefined : await options.database?.take();
  const fresh = shared ?? taken;
  // The default database (DATA_DIR/listing.db) of a new data dir starts as a copy of a migrated one: migrating
  // each test's app took ~60 ms of CPU, hundreds of times a run. The app still runs its migrations (none to do).
  if (!fresh && !options.dataDir && options.env?.DATABASE_URL === undefined) await copyMigratedSqlite(path.join(dataDir, 'listing.db'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    OUTBOUND_ALLOW_PRIVATE: 'true',
    LOG_LEVEL: 'silent',
    // The marketplace is a local fake answering at once: its first import poll need not wait a second.
    PUBLISH_POLL_FIRST: '50ms',
    ...(fresh ? { DATABASE_URL: fresh.url } : {}),
    ...options.env,
  });
  const container = await buildContainer(config, {
    logger: options.logger ?? pino({ level: 'silent' }),
    secrets: { ...TEST_SECRETS, ...options.secrets },
    ...(fresh?.schema ? { databaseSchema: fresh.schema } : {}),
  });
  const app = await buildApp(container);
  await app.ready();
  if (options.start !== false) await startFeatures(container);
  const { appToken, jwtSecret } = container.cradle.secrets;
  const token = app.jwt.sign({ sub: 'app', atf: appTokenFingerprint(appToken, jwtSecret) }, { expiresIn: 3600 });
  let closed = false;
  return {
    app,
    container,
    config,
    dataDir,
    auth: { authorization: `Bearer ${token}` },
    async close() {
      if (closed) return;
      closed = true;
      await app.close();
      await stopContainer(container);
      await taken?.giveBack();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
