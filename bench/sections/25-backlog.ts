import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Pool } from 'undici';
import { type LoadResult, comparisonTable, load, memoryOf, ratio, startServer, tempDir } from '../lib.ts';
import { SECRETS, SLOW_CDN_MS, login, materials, startSlowCdn } from '../intake-workload.ts';
import { compareLists } from '../list-comparison.ts';
import { type BenchSection } from '../section.ts';

/** Issue 15's conditions: 100 000 products collected through the API, 3 images each, behind a slow CDN. */
const PRODUCTS = Number(process.env.BENCH_BACKLOG_PRODUCTS ?? 100_000);
const IMAGES_EACH = 3;
const CONNECTIONS = 16;
const IDLE_SECONDS = Number(process.env.BENCH_BACKLOG_IDLE_SECONDS ?? 60);

/** Posts `count` distinct collected pages over 16 keep-alive connections; returns the rate and the slowest answers. */
async function collectThroughApi(
  url: string,
  authorization: string,
  cdnUrl: string,
  count: number,
): Promise<{ perSecond: number; p99: number; failures: number }> {
  const pool = new Pool(url, { connections: CONNECTIONS });
  const latencies: number[] = [];
  let next = 0;
  let failures = 0;
  const started = performance.now();
  const worker = async (): Promise<void> => {
    for (let i = next++; i < count; i = next++) {
      const sent = performance.now();
      const body = JSON.stringify(materials(cdnUrl, `backlog-${i}`, IMAGES_EACH));
      const response = await pool.request({ path: '/api/materials', method: 'POST', headers: { authorization, 'content-type': 'application/json' }, body });
      await response.body.dump();
      if (response.statusCode !== 201) failures += 1;
      latencies.push(performance.now() - sent);
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, worker));
  await pool.close();
  latencies.sort((a, b) => a - b);
  return { perSecond: count / ((performance.now() - started) / 1000), p99: latencies[Math.floor(latencies.length * 0.99)] ?? 0, failures };
}

/** A copy of our database for the bare intake server, so both insert into tables of the same size and indexes. */
function copyOfDatabase(file: string): string {
  const copy = path.join(tempDir('lws-bench-backlog-bare-'), 'bare.db');
  const source = new BetterSqlite3(file, { readonly: true });
  source.prepare('vacuum into ?').run(copy);
  source.close();
  return copy;
}

/** Streams a CSV export to its end; rows exclude the header line. */
async function exportCsv(url: string, authorization: string): Promise<{ rows: number; seconds: number }> {
  const started = performance.now();
  const response = await fetch(`${url}/api/export/products.csv`, { headers: { authorization } });
  let lines = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) for (const byte of chunk) if (byte === 0x0a) lines += 1;
  return { rows: lines - 1, seconds: (performance.now() - started) / 1000 };
}

const section: BenchSection = {
  title: `Backlog: ${PRODUCTS.toLocaleString('en')} products collected through the API while the CDN is slow (issue 15)`,
  async run() {
    const cdn = await startSlowCdn();
    const dataDir = tempDir('lws-bench-backlog-');
    const env = { ...SECRETS, DATA_DIR: dataDir, OUTBOUND_ALLOW_PRIVATE: 'true', NODE_ENV: 'production', LOG_LEVEL: 'warn', DOWNLOAD_CONCURRENCY: '1' };
    const ours = await startServer('src/main.ts', env);
    const pid = ours.child.pid!;
    const servers = [ours];
    try {
      const authorization = await login(ours);
      const headers = { authorization };
      const seeded = await collectThroughApi(ours.url, authorization, cdn.url, PRODUCTS);
      const afterSeeding = memoryOf(pid);
      await new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 1000));
      const afterIdle = memoryOf(pid);

      // The bare servers read and write the same kind of state: the catalog one reads our very database file.
      const bareCatalog = await startServer('bench/servers/bare-catalog.ts', {
        BARE_DB_FILE: path.join(dataDir, 'listing.db'),
        JWT_SECRET: SECRETS.JWT_SECRET,
      });
      servers.push(bareCatalog);
      const lists = await compareLists({
        ours,
        bare: bareCatalog,
        dbFile: path.join(dataDir, 'listing.db'),
        jwtSecret: SECRETS.JWT_SECRET,
        authorization,
        path: '/api/products?page_size=20',
        connections: CONNECTIONS,
      });
      const best = (results: LoadResult[]): LoadResult => results.reduce((a, b) => (b.reqPerSec > a.reqPerSec ? b : a));
      const ourCsv = await exportCsv(ours.url, authorization);
      const bareCsv = await exportCsv(bareCatalog.url, authorization);

      const bareIntake = await startServer(
        'bench/servers/bare-intake.ts',
        { BARE_DB_FILE: copyOfDatabase(path.join(dataDir, 'listing.db')), JWT_SECRET: SECRETS.JWT_SECRET },
        '/',
      );
      servers.push(bareIntake);
      const intakeBody = JSON.stringify(materials(cdn.url, 'backlog-intake', 30));
      const intake = (server: { url: string }): Promise<LoadResult> =>
        load({
          url: `${server.url}/api/materials`,
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: intakeBody,
          connections: CONNECTIONS,
        });
      const intakeRounds = [await intake(ours), await intake(bareIntake), await intake(ours), await intake(bareIntake)];
      const atEnd = memoryOf(pid);

      const csvRate = (csv: { rows: number; seconds: number }): number => Math.round(csv.rows / csv.seconds);
      return [
        `Ours: \`src/main.ts\` with NODE_ENV=production, LOG_LEVEL=warn, DOWNLOAD_CONCURRENCY=1, SQLite; a CDN answering each image after ${SLOW_CDN_MS / 1000} s, so the images stay pending.`,
        `The bare servers (node:http + better-sqlite3) verify the same HS256 bearer; the catalog one reads our database file and the intake one inserts into a copy of it, so both work on the same products.`,
        `Loads: autocannon, ${CONNECTIONS} connections, 5 s after a 1 s warm-up, best of 2 alternating rounds (the list: best of 3 rounds of ours, bare and a minimal server in turn).`,
        '',
        `| state | products | pending images | collected at | p99 of a collect | failures | RSS after | RSS ${IDLE_SECONDS} s later | RSS at the end | peak RSS (VmHWM) | target |`,
        '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|',
        `| collected through POST /api/materials, ${IMAGES_EACH} images each | ${PRODUCTS} | ≈ ${PRODUCTS * IMAGES_EACH} | ${seeded.perSecond.toFixed(0)} /s | ${seeded.p99.toFixed(0)} ms | ${seeded.failures} | ${afterSeeding.rss} MB | ${afterIdle.rss} MB | ${atEnd.rss} MB | ${atEnd.peak} MB | < 300 MB |`,
        '',
        comparisonTable([
          {
            name: 'GET /api/products?page_size=20 (total, page with every item field, asset counts, thumbnails, stage and market-state counts)',
            ours: lists.ours,
            bare: lists.bare,
            target: '≥ 60 %',
          },
          {
            name: `POST /api/materials (30 images, CDN ${SLOW_CDN_MS / 1000} s each), during the backlog`,
            ours: best([intakeRounds[0]!, intakeRounds[2]!]),
            bare: best([intakeRounds[1]!, intakeRounds[3]!]),
            target: '≥ 60 %, p99 < 50 ms',
          },
        ]),
        '',
        ...lists.lines,
        '',
        '| export during the backlog | rows | seconds | rows/s | bare rows/s | ours ÷ bare | target |',
        '|---|---:|---:|---:|---:|---:|---|',
        `| GET /api/export/products.csv | ${ourCsv.rows} | ${ourCsv.seconds.toFixed(2)} | ${csvRate(ourCsv)} | ${csvRate(bareCsv)} | ${ratio(csvRate(ourCsv), csvRate(bareCsv))} | ≥ 50 000 rows/s |`,
      ].join('\n');
    } finally {
      for (const server of servers.reverse()) await server.stop();
      await cdn.close();
    }
  },
};

export default section;
