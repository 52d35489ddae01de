import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { sql } from 'kysely';
import { type Product } from '../../src/domain/catalog/product.ts';
import { storeImportedOffers } from '../../tests/helpers/imported-offers.ts';
import { publishableProduct } from '../../tests/helpers/publishable-product.ts';
import { startSweepStack } from '../fake-ozon-process.ts';
import { type BenchSection } from '../section.ts';
import { listMicros, measurePasses, roundCells } from '../sweep-rounds.ts';

const OFFERS = 10_000;
const ROUNDS = 3;
const LIST_REQUESTS = 300;

/**
 * The moderation sweep over 10 000 imported offers that stay in moderation (issue 31): requests per round (target
 * ≤ 10: 1000 offers a request), the RSS a round adds (target < 20 MB), and the list filtered by market_state beside
 * the plain list on the same database.
 */
const section: BenchSection = {
  title: 'Moderation sweep: 10 000 imported offers in moderation (issue 31)',
  async run() {
    // The background sweeper sleeps (idle 1 h); the rounds below are the sweep's own passes, run one after another.
    // The fake marketplace runs in its own process, so the RSS and CPU measured here are the service's alone.
    const s = await startSweepStack({ MARKET_SWEEP_FIRST_MS: '3600000', PUBLISH_POLL_IDLE: '1h' });
    try {
      const { products, publishTasks, marketSweep, db } = s.t.container.cradle;
      await s.ozon.plan({ pendingPolls: 0, outcome: 'imported' }, 3_600_000);
      const now = new Date().toISOString();
      await storeImportedOffers(
        { products, publishTasks },
        s.ozon,
        s.shopId,
        Array.from({ length: OFFERS }, (_, i): Product => {
          const offerId = `MOD-${String(i).padStart(5, '0')}`;
          return { ...publishableProduct({ id: randomUUID(), offer_id: offerId, attributes: { '9048': offerId } }, now), stage: 'published' };
        }),
      );

      const rows: string[] = [];
      for (let round = 1; round <= ROUNDS; round++) {
        // Every offer due now (the first round enrols them first): each round asks for all 10 000 once.
        if (round === 1) await marketSweep.pass();
        await sql`update market_offers set next_check_at = ${new Date(Date.now() - 1).toISOString()}`.execute(db);
        const lookups = (await s.ozon.reads()).lookups.length;
        const measured = await measurePasses(() => marketSweep.pass());
        const asked = (await s.ozon.reads()).lookups.slice(lookups);
        rows.push(`| ${round} | ${asked.length} | ${asked.reduce((sum, n) => sum + n, 0)} | ${Math.max(0, ...asked)} | ${roundCells(measured)} |`);
      }
      const states = await sql<{ market_state: string; n: number }>`select market_state, count(*) as n from market_offers group by market_state`.execute(db);

      // The list: plain, and filtered by market_state (every product moderating), through the whole app in process.
      const list = (url: string): Promise<number> => listMicros(s.t.app, s.t.auth, url, LIST_REQUESTS);
      await list('/api/products?page_size=20');
      const plain = await list('/api/products?page_size=20');
      const filtered = await list('/api/products?page_size=20&market_state=moderating');
      const published = await list('/api/products?page_size=20&stage=published&platform=1688');
      const load = os
        .loadavg()
        .map((value) => value.toFixed(2))
        .join(' ');
      return [
        `${OFFERS} published offers without variants, each imported on the fake marketplace (whose moderation keeps them all \`moderating\`) and`,
        'followed by the sweep: each round asks for every offer once (`/v3/product/info/list`, one shop, claims of 1000), on SQLite, the',
        `sweep's passes run back to back in this process (no timer; the enrolment of the 10 000 imported records before round 1), the fake marketplace in its own (bench/servers/fake-ozon.ts), so RSS and CPU are the service's. RSS sampled every 5 ms; each round starts and ends on a settled full collection (\`npm run bench\` runs with \`--expose-gc\`); "added" is the round's peak over its start.`,
        '',
        '| round | requests | offers asked | most in one | time (ms) | CPU (ms) | RSS before (MB) | peak (MB) | after (MB) | added (MB) |',
        '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
        ...rows,
        '',
        `Targets: ≤ 10 requests a round (1000 offers a request) and < 20 MB added. States after the rounds: ${states.rows.map((row) => `${row.market_state} ${row.n}`).join(', ')}.`,
        '',
        `The list over the same ${OFFERS} products (in-process \`inject\`, ${LIST_REQUESTS} requests each, page of 20, µs a request):`,
        '',
        '| list | µs / request | ÷ plain |',
        '|---|---:|---:|',
        `| plain (newest-updated first) | ${plain.toFixed(0)} | 100 % |`,
        `| \`market_state=moderating\` (every product matches) | ${filtered.toFixed(0)} | ${((plain / filtered) * 100).toFixed(0)} % |`,
        `| another filter for comparison (\`stage=published&platform=1688\`) | ${published.toFixed(0)} | ${((plain / published) * 100).toFixed(0)} % |`,
        '',
        "Where the filtered list's time goes: its page walks the products newest first and probes each one's state (a primary-key read); its total and stage counts are 033's kept counts per state and stage (a row read; grouping the state's products cost ~10 ms at 10 000 matches here). Compared with the bare list server over 100 000 products in bench/sections/81-market-state-list.ts.",
        '',
        `The platform filter (issue 32) is one test of the derived \`products.source_platforms\` (migration 032) through its indexes — the stage one covers \`id\`, the stage counts group by the platform's sets (no sort of the matches) and the market-state counts join the states to the products instead of gathering every match's id first. Before, it probed \`product_sources\` per product: 12–26 ms in alternating runs on this machine (load 3–6); after, 5.0–5.1 ms (load 2.6–2.9), 7.1–7.5 ms with only the column. Load average (1, 5, 15 min) at the end of the list runs: ${load}.`,
      ].join('\n');
    } finally {
      await s.close();
    }
  },
};

export default section;
