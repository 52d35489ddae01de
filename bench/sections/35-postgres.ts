import os from 'node:os';
import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import { openDatabase } from '../../src/adapters/persistence/connection.ts';
import { type Database } from '../../src/adapters/persistence/database.ts';
import { login, measureCsv, SECRETS } from '../catalog-client.ts';
import { searchTable } from '../catalog-searches.ts';
import { catalogRows, CATALOG_SHAPE, PRODUCTS } from '../catalog-workload.ts';
import { load, startServer, tempDir } from '../lib.ts';
import { type BenchSection } from '../section.ts';

/** The server to measure on (CI's TEST_DATABASE_URL serves); the section makes and drops its own database. */
const SERVER_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const DATABASE = 'lws_bench';
const BATCH = 2_000;

async function administer(serverUrl: string, ...statements: string[]): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    for (const statement of statements) await admin.query(statement);
  } finally {
    await admin.end();
  }
}

const DROP = `drop database if exists ${DATABASE} with (force)`;

async function recreateDatabase(serverUrl: string): Promise<string> {
  await administer(serverUrl, DROP, `create database ${DATABASE}`);
  const url = new URL(serverUrl);
  url.pathname = `/${DATABASE}`;
  return url.toString();
}

/**
 * Whole rows through json_populate_recordset, naming the columns the workload fills: a column it leaves out (added
 * by a later migration, like `variants`) takes its default instead of the NULL the record type would give it.
 */
async function insertRows(db: Kysely<Database>, table: 'products' | 'assets', rows: readonly Record<string, unknown>[]): Promise<void> {
  const columns = sql.join(Object.keys(rows[0]!).map((column) => sql.id(column)));
  await sql`insert into ${sql.table(table)} (${columns}) select ${columns} from json_populate_recordset(null::${sql.table(table)}, ${JSON.stringify(rows)})`.execute(
    db,
  );
}

/** The same catalog as the SQLite section, through the real triggers, in batches of whole rows. */
async function seed(url: string): Promise<void> {
  const database = await openDatabase(url);
  try {
    await database.migrate();
    for (let start = 0; start < PRODUCTS; start += BATCH) {
      const rows = Array.from({ length: Math.min(BATCH, PRODUCTS - start) }, (_, k) => catalogRows(start + k));
      await insertRows(
        database.db,
        'products',
        rows.map((row) => row.product),
      );
      await insertRows(
        database.db,
        'assets',
        rows.map((row) => row.asset),
      );
    }
    await sql`vacuum analyze`.execute(database.db);
  } finally {
    await database.close();
  }
}

const section: BenchSection = {
  title: 'Catalog on PostgreSQL: product list, search and CSV export over 100 000 products',
  async run() {
    if (!SERVER_URL) return 'Skipped: set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to a PostgreSQL server this section may create a database on.';
    const url = await recreateDatabase(SERVER_URL);
    const seedStarted = performance.now();
    await seed(url);
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    const env = {
      ...SECRETS,
      DATA_DIR: tempDir('lws-bench-pg-'),
      DATABASE_URL: url,
      FX_CBR_URL: 'http://127.0.0.1:9/none',
      FX_ERAPI_URL: 'http://127.0.0.1:9/none',
      FX_CURRENCYAPI_URL: 'http://127.0.0.1:9/none',
    };
    const server = await startServer('src/main.ts', env);
    try {
      const authorization = await login(server.url);
      const list = await load({ url: `${server.url}/api/products?page_size=20`, headers: { authorization } });
      const searches = await searchTable(server.url, authorization);
      const csv = await measureCsv(server.url, authorization, server.child.pid!);
      return [
        `Load average at the end: ${os
          .loadavg()
          .map((l) => l.toFixed(1))
          .join(' / ')} (2 shared cores, PostgreSQL on the same machine).`,
        `Seeded ${PRODUCTS.toLocaleString('en')} products (${CATALOG_SHAPE}) through the search triggers in ${seedSeconds.toFixed(1)} s; PostgreSQL ${DATABASE}, server in its own process.`,
        'There is no bare PostgreSQL baseline: these are absolute figures beside the SQLite section’s.',
        '',
        '| endpoint | req/s | p50 ms | p99 ms | non-2xx |',
        '|---|---:|---:|---:|---:|',
        `| GET /api/products?page_size=20, 16 connections, 5 s | ${list.reqPerSec.toFixed(0)} | ${list.p50} | ${list.p99} | ${list.non2xx} |`,
        '',
        '`q` search, one connection (a single user’s latency), 3 s each:',
        '',
        searches,
        '',
        '| export | rows | seconds | rows/s | peak RSS growth |',
        '|---|---:|---:|---:|---:|',
        `| GET /api/export/products.csv | ${csv.rows} | ${csv.seconds.toFixed(2)} | ${(csv.rows / csv.seconds).toFixed(0)} | ${csv.rssGrowthMb.toFixed(1)} MB |`,
      ].join('\n');
    } finally {
      await server.stop();
      await administer(SERVER_URL, DROP);
    }
  },
};

export default section;
