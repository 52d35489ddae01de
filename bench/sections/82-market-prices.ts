import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { type Product } from '../../src/domain/catalog/product.ts';
import { type OfferTerms } from '../../tests/fakes/ozon-market-prices.ts';
import { applyHeapPolicy } from '../../src/infrastructure/heap-policy.ts';
import { DEFAULT_PRICING_POLICY } from '../../src/domain/pricing/pricing.ts';
import { priceProduct } from '../../src/domain/variants/variant-pricing.ts';
import { storeImportedOffers } from '../../tests/helpers/imported-offers.ts';
import { publishableProduct } from '../../tests/helpers/publishable-product.ts';
import { type SweepStack, startSweepStack } from '../fake-ozon-process.ts';
import { type BenchSection } from '../section.ts';
import { listMicros, loadAverage, measurePasses, roundCells } from '../sweep-rounds.ts';

const OFFERS = 10_000;
const ROUNDS = 3;
const LIST_REQUESTS = 300;

/**
 * The daily prices read over 10 000 offers on sale (issue 33): `/v5/product/info/prices` requests per round (target
 * ≤ 10 a shop: 1000 offers a request), the RSS a round adds (target < 20 MB), and the list sorted by real margin
 * beside the plain list on the same database.
 */
/**
 * The 10 000 published products, their imported records and cards on the fake, with a spread of commissions and
 * indexes so margins differ and some flag. In a function of its own, so the rounds' heap holds none of it.
 */
async function seed(s: SweepStack): Promise<void> {
  const { products, publishTasks } = s.t.container.cradle;
  await s.ozon.plan({ pendingPolls: 0, outcome: 'imported' }, 0);
  const now = new Date().toISOString();
  const made: Product[] = [];
  const terms: [string, Partial<OfferTerms>][] = [];
  for (let i = 0; i < OFFERS; i++) {
    const offerId = `PRC-${String(i).padStart(5, '0')}`;
    const product = publishableProduct(
      { id: randomUUID(), offer_id: offerId, attributes: { '9048': offerId }, pricing: { cost_cny: 10 + (i % 90), weight_g: 300 } },
      now,
    );
    made.push({ ...priceProduct(product, 11.5, DEFAULT_PRICING_POLICY), stage: 'published' });
    terms.push([offerId, { sales_percent_fbs: 8 + (i % 20), color_index: (['GREEN', 'YELLOW', 'RED', 'SUPER'] as const)[i % 4] }]);
  }
  await s.ozon.terms(terms);
  await storeImportedOffers({ products, publishTasks }, s.ozon, s.shopId, made);
}

const section: BenchSection = {
  title: 'Daily prices read: 10 000 offers on sale, and the list by real margin (issue 33)',
  async run() {
    // The service's own V8 heap policy, as src/main.ts sets it: the sweep runs in this process.
    applyHeapPolicy();
    // The background sweeper sleeps (first look in 1 h); the rounds below are the sweep's own passes, one after another.
    // The fake marketplace runs in its own process, so the RSS and CPU measured here are the service's alone.
    const s = await startSweepStack({ MARKET_SWEEP_FIRST_MS: '3600000', PUBLISH_POLL_IDLE: '1h' });
    try {
      const { marketSweep, db } = s.t.container.cradle;
      await s.ozon.plan({ pendingPolls: 0, outcome: 'imported' }, 0);
      await seed(s);

      const rows: string[] = [];
      for (let round = 1; round <= ROUNDS; round++) {
        // Every offer due now with its prices a day old (round 1 enrols them and reads the first time, ratings too).
        if (round === 1) await marketSweep.pass();
        await sql`update market_offers set next_check_at = ${new Date(Date.now() - 1).toISOString()}, prices_due = 1`.execute(db);
        const before = await s.ozon.reads();
        const measured = await measurePasses(() => marketSweep.pass());
        const after = await s.ozon.reads();
        const asked = after.prices.slice(before.prices.length);
        rows.push(
          `| ${round} | ${asked.length} | ${asked.reduce((sum, n) => sum + n, 0)} | ${Math.max(0, ...asked)} | ${after.ratings.length - before.ratings.length} | ${roundCells(measured)} |`,
        );
      }
      const read = await sql<{ n: number; red: number }>`select count(*) as n, sum(case when price_index = 'RED' then 1 else 0 end) as red
        from market_offers where real_margin_percent is not null`.execute(db);

      const list = (url: string): Promise<number> => listMicros(s.t.app, s.t.auth, url, LIST_REQUESTS);
      await list('/api/products?page_size=20');
      const plain = await list('/api/products?page_size=20');
      const byMargin = await list('/api/products?page_size=20&sort=real_margin');
      const red = await list('/api/products?page_size=20&price_index=RED');
      const byPrice = await list('/api/products?page_size=20&sort=price');
      const ratio = (value: number): string => `${((plain / value) * 100).toFixed(0)} %`;
      return [
        loadAverage(),
        `${OFFERS} published offers without variants on the fake marketplace (approved at the first look), followed by the moderation sweep,`,
        'which also reads `/v5/product/info/prices` for the offers it looks at whose prices are due (one request per claim of 1000, one shop) and',
        'the content rating (`/v1/product/rating-by-sku`, 100 SKUs a request, weekly: round 1 only). Each round makes every offer due with its',
        'prices a day old; the passes run back to back in this process on SQLite (with the heap policy src/main.ts sets), the fake marketplace in its own',
        "(bench/servers/fake-ozon.ts), so RSS and CPU are the service's. RSS sampled every 5 ms; each round starts and ends on a settled",
        'full collection (`npm run bench` runs with `--expose-gc`); "added" is the peak over the start.',
        '',
        '| round | prices requests | offers read | most in one | rating requests | time (ms) | CPU (ms) | RSS before (MB) | peak (MB) | after (MB) | added (MB) |',
        '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
        ...rows,
        '',
        `Targets: ≤ 10 prices requests a shop a day and < 20 MB added. Offers with a real margin after the rounds: ${read.rows[0]?.n}, RED ${read.rows[0]?.red}.`,
        '',
        `The list over the same ${OFFERS} products (in-process \`inject\`, ${LIST_REQUESTS} requests each, page of 20, µs a request):`,
        '',
        '| list | µs / request | ÷ plain |',
        '|---|---:|---:|',
        `| plain (newest-updated first) | ${plain.toFixed(0)} | 100 % |`,
        `| \`sort=real_margin\` | ${byMargin.toFixed(0)} | ${ratio(byMargin)} |`,
        `| \`price_index=RED\` (a quarter match) | ${red.toFixed(0)} | ${ratio(red)} |`,
        `| \`sort=price\` for comparison (012's index) | ${byPrice.toFixed(0)} | ${ratio(byPrice)} |`,
        '',
        "The sort walks product_market_watch's index of its column and joins each product (pageByWatch in kysely-product-list.ts), so a page costs what the plain list's does; the price-index filter takes its total and stage counts from 034's kept counts per index and stage (as the market_state filter does from 033's; ~13 ms before), but its market-state counts are still one grouped count of its matches' states, most of what is left. RSS: what a round adds is V8's old generation filling with what each pass held across young collections (the look's 1000 offers and their copies) until a full collection; a look now stores its offers 250 at a time (the products' plans and names, the copies, the notifications, one multi-row write), so less survives. Round 2 also opens 10 000 `no_stock` notifications (the fake holds no stock; the offers were created in round 1). Round 1 starts with the seeding's memory not yet handed back (it ends lower than it started). Over 100 000 products against the bare list server: bench/sections/81-market-state-list.ts.",
      ].join('\n');
    } finally {
      await s.close();
    }
  },
};

export default section;
