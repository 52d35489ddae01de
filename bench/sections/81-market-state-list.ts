import os from 'node:os';
import BetterSqlite3 from 'better-sqlite3';
import { login, SECRETS } from '../catalog-client.ts';
import { catalogServiceEnv, seedCatalog } from '../catalog-seed.ts';
import { CATALOG_SHAPE, PRODUCTS } from '../catalog-workload.ts';
import { comparisonTable, startServer, tempDir } from '../lib.ts';
import { assertSameLists } from '../list-answers.ts';
import { alternateRounds } from '../list-comparison.ts';
import { type BenchSection } from '../section.ts';

/** Each product's market state in the seeded catalog: a tenth on sale, a tenth without stock, 2 % declined, the rest never published. */
const stateOf = (i: number): string | undefined => (i % 10 === 0 ? 'on_sale' : i % 10 === 5 ? 'no_stock' : i % 50 === 1 ? 'declined' : undefined);
const INDEXES = ['SUPER', 'GREEN', 'YELLOW', 'RED'] as const;
const percent = (ratio: number): string => `${(ratio * 100).toFixed(0)} %`;
/** What the sweep read of an on-sale product's offers (028's product_market_watch), varied so the answers' values are checked. */
const watchOf = (i: number) => {
  const real = (i % 37) - 5 + 0.25;
  const rank = (i / 10) % INDEXES.length;
  return { price_index: INDEXES[rank]!, price_index_rank: rank + 1, content_rating: 40 + (i % 60), real, planned: 20.5, below: real < 10 ? 1 : 0 };
};

/**
 * The list filtered by `market_state` (issue 31) or sorted by real margin (issue 33) over the 30-catalog section's
 * 100 000 products (the bench targets: each keeps the plain list's ratio to the bare server), ours beside bench/servers/bare-catalog.ts giving the same
 * filtered answer: its total, stage and market-state counts and every item's keys and values, market state, price
 * index and margins included (list-answers.ts checks each path before it is measured; the section fails otherwise).
 */
const section: BenchSection = {
  title: 'The list filtered by market_state or sorted by real margin over 100 000 products, against the bare server (issue 31, issue 33)',
  async run() {
    const dataDir = tempDir('lws-bench-market-list-');
    const dbFile = await seedCatalog(dataDir);
    const db = new BetterSqlite3(dbFile);
    const ids = db.prepare('select id from products order by rowid').pluck().all() as string[];
    const insert = db.prepare('insert into product_market_states (product_id, market_state) values (?, ?)');
    const watch = db.prepare(
      'insert into product_market_watch (product_id, price_index, price_index_rank, content_rating, real_margin_percent, planned_margin_percent, below_floor) values (@product_id, @price_index, @price_index_rank, @content_rating, @real, @planned, @below)',
    );
    db.transaction(() =>
      ids.forEach((id, i) => {
        if (stateOf(i)) insert.run(id, stateOf(i));
        if (stateOf(i) === 'on_sale') watch.run({ product_id: id, ...watchOf(i) });
      }),
    )();
    db.close();

    const env = catalogServiceEnv(SECRETS, dataDir);
    const ours = await startServer('src/main.ts', env);
    const bare = await startServer('bench/servers/bare-catalog.ts', { BARE_DB_FILE: dbFile, JWT_SECRET: SECRETS.JWT_SECRET });
    try {
      const authorization = await login(ours.url);
      const paths = [
        ['GET /api/products?page_size=20 (plain, for the ratio it should keep)', '/api/products?page_size=20'],
        ['… &market_state=on_sale (~10 000 matches)', '/api/products?page_size=20&market_state=on_sale'],
        ['… &market_state=declined (~2 000 matches)', '/api/products?page_size=20&market_state=declined'],
        ['… &sort=real_margin (10 000 products read by the sweep; issue 33)', '/api/products?page_size=20&sort=real_margin'],
      ] as const;
      for (const [, path] of paths) await assertSameLists(path, authorization, { ours, bare });
      // Ours and bare in turn, twice each, best kept (a shared machine: a load spike hits both).
      const rows = [];
      const cpuRatios: number[] = [];
      for (const [name, path] of paths) {
        const measured = await alternateRounds({ ours, bare }, path, authorization, { seconds: 3 });
        const cpu = { ours: measured.cpuUs.ours.toFixed(0), bare: measured.cpuUs.bare.toFixed(0) };
        cpuRatios.push(measured.cpuUs.bare / measured.cpuUs.ours);
        rows.push({
          name: `${name} — CPU µs/request ours ${cpu.ours}, bare ${cpu.bare}`,
          ours: measured.ours,
          bare: measured.bare,
        });
      }
      return [
        `Load average at the end: ${os
          .loadavg()
          .map((l) => l.toFixed(1))
          .join(' / ')} (2 shared cores).`,
        `${PRODUCTS.toLocaleString('en')} products (${CATALOG_SHAPE}), 027's product_market_states seeded: every 10th product on_sale, every 10th + 5 no_stock, every 50th + 1 declined (the counts kept by its triggers); each on-sale one with 028's product_market_watch (price index, rating, margins). SQLite, each server in its own process; 16 connections, 3 s after a 1 s warm-up, ours and bare in turn twice, best kept:`,
        '',
        comparisonTable(rows),
        '',
        'Each path was checked first to answer the same in both (total, stage and market-state counts, every item with its keys and values).',
        '',
        `By server CPU a request, ours ÷ bare: plain ${percent(cpuRatios[0]!)}, market_state=on_sale ${percent(cpuRatios[1]!)}, declined ${percent(cpuRatios[2]!)}, sort=real_margin ${percent(cpuRatios[3]!)}: the sort keeps ${percent(cpuRatios[3]! / cpuRatios[0]!)} of the plain list's ratio (by best req/s ${percent(rows[3]!.ours.reqPerSec / rows[3]!.bare.reqPerSec / (rows[0]!.ours.reqPerSec / rows[0]!.bare.reqPerSec))}).`,
        '',
        "Reading: the filtered lists take their stage counts, and so their total, from 033's kept counts per market state and stage in both servers (a row read; grouping the state's products by stage cost ~20–30 ms of CPU at 10 000 matches and 2–3 ms at 2 000 in both, and ours was then 82–94 % of bare only because both spent it there); what is left is the page: a walk of the products newest first probing each one's state (0.06 ms for a 10 % state; a rare state walks further, so declined costs more than on_sale), then the same reads as the plain page. The list sorted by real margin (issue 33) walks 028's index of product_market_watch joined to the products in both (ours's pageByWatch; the bare statement the same walk), so a page costs what the plain list's does and it keeps the plain list's ratio.",
      ].join('\n');
    } finally {
      await Promise.all([ours.stop(), bare.stop()]);
    }
  },
};

export default section;
