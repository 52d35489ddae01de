import os from 'node:os';
import { type CsvRun, login, measureCsv, SECRETS } from '../catalog-client.ts';
import { searchTable } from '../catalog-searches.ts';
import { catalogServiceEnv, seedCatalog as seed } from '../catalog-seed.ts';
import { CATALOG_SHAPE, PRODUCTS } from '../catalog-workload.ts';
import { comparisonTable, ratio, startServer, tempDir } from '../lib.ts';
import { compareLists } from '../list-comparison.ts';
import { type BenchSection } from '../section.ts';

const bestCsv = (runs: readonly CsvRun[]): CsvRun => ({
  rows: runs[0]!.rows,
  seconds: Math.min(...runs.map((run) => run.seconds)),
  rssGrowthMb: Math.max(...runs.map((run) => run.rssGrowthMb)),
});

const section: BenchSection = {
  title: 'Catalog: product list, search and CSV export over 100 000 products',
  async run() {
    const dataDir = tempDir('lws-bench-catalog-');
    const seedStarted = performance.now();
    const dbFile = await seed(dataDir);
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    const env = catalogServiceEnv(SECRETS, dataDir);

    // Both servers run side by side and are measured alternately, twice each (best kept): the machine is
    // shared, so a load spike hits both rather than whichever happened to run second.
    const ours = await startServer('src/main.ts', env);
    const bare = await startServer('bench/servers/bare-catalog.ts', { BARE_DB_FILE: dbFile, JWT_SECRET: SECRETS.JWT_SECRET });
    const authorization = await login(ours.url);
    const list = `/api/products?page_size=20`;
    const probe = await fetch(ours.url + list, { headers: { authorization } });
    const lists = await compareLists({ ours, bare, dbFile, jwtSecret: SECRETS.JWT_SECRET, authorization, path: list });
    await bare.stop();
    const searches = await searchTable(ours.url, authorization);
    await ours.stop();

    // Two full downloads each from fresh servers, ours and bare alternately: the faster one for rows/s, the
    // larger peak-RSS growth of the two.
    const fresh = await startServer('src/main.ts', env);
    const freshBare = await startServer('bench/servers/bare-catalog.ts', { BARE_DB_FILE: dbFile, JWT_SECRET: SECRETS.JWT_SECRET });
    const freshAuth = await login(fresh.url);
    const downloads = { ours: [] as CsvRun[], bare: [] as CsvRun[] };
    for (let round = 0; round < 2; round += 1) {
      downloads.ours.push(await measureCsv(fresh.url, freshAuth, fresh.child.pid!));
      downloads.bare.push(await measureCsv(freshBare.url, freshAuth, freshBare.child.pid!));
    }
    await Promise.all([fresh.stop(), freshBare.stop()]);
    const csv = bestCsv(downloads.ours);
    const bareCsv = bestCsv(downloads.bare);

    const rowsPerSecond = csv.rows / csv.seconds;
    const bareRowsPerSecond = bareCsv.rows / bareCsv.seconds;
    return [
      `Load average at the end: ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' / ')} (2 shared cores).`,
      `Seeded ${PRODUCTS.toLocaleString('en')} products (${CATALOG_SHAPE}) by direct bulk insert in ${seedSeconds.toFixed(1)} s; SQLite, server in its own process.`,
      '',
      '16 connections, no pipelining, 5 s after a 1 s warm-up; ours, bare and a minimal server in turn, three times each, best kept:',
      '',
      comparisonTable([
        {
          name: 'GET /api/products?page_size=20 (total + page with every item field + asset counts + thumbnails + stage and market-state counts)',
          ours: lists.ours,
          bare: lists.bare,
          target: '≥ 60 %',
        },
      ]),
      '',
      ...lists.lines,
      '',
      '`q` search, one connection (a single user’s latency), 3 s each:',
      '',
      searches,
      '',
      '| export | rows | seconds | rows/s | target | peak RSS growth | target | bare rows/s | ours ÷ bare |',
      '|---|---:|---:|---:|---|---:|---|---:|---:|',
      `| GET /api/export/products.csv (all 23 columns; best of 2 runs, worst RSS) | ${csv.rows} | ${csv.seconds.toFixed(2)} | ${rowsPerSecond.toFixed(0)} | ≥ 50 000 | ${csv.rssGrowthMb.toFixed(1)} MB | < 64 MB | ${bareRowsPerSecond.toFixed(0)} | ${ratio(rowsPerSecond, bareRowsPerSecond)} |`,
      bareCsv.rows === csv.rows ? '' : `\n(The bare export wrote ${bareCsv.rows} rows, ours ${csv.rows}: the figures are not comparable.)`,
      probe.status === 200 ? '' : `\n(The list route answered ${probe.status}: the figures are not comparable.)`,
    ].join('\n');
  },
};

export default section;
