import { randomUUID } from 'node:crypto';
import { type Product } from '../../src/domain/catalog/product.ts';
import { FAKE_WAREHOUSES } from '../../tests/fakes/ozon-stocks.ts';
import { startShopApp } from '../../tests/helpers/marketplace-app.ts';
import { publishableProduct } from '../../tests/helpers/publishable-product.ts';
import { type BenchSection } from '../section.ts';

const OFFERS = 5_000;
/** The marketplace's 30 s pair interval and minute of 80 requests, shortened alike on both sides so the run takes seconds. */
const PAIR_INTERVAL_MS = 1_000;
const RATE_WINDOW_MS = 3_000;
const WAREHOUSE = FAKE_WAREHOUSES[0]!.warehouse_id;

const section: BenchSection = {
  title: 'Stock: 5 000 offers to a warehouse within the marketplace’s limits (issue 31)',
  async run() {
    const s = await startShopApp({ STOCK_PAIR_INTERVAL: `${PAIR_INTERVAL_MS}ms`, STOCK_RATE_WINDOW: `${RATE_WINDOW_MS}ms`, STOCK_IDLE: '100ms' });
    const book = s.ozon.stockBook;
    book.pairIntervalMs = PAIR_INTERVAL_MS;
    book.windowMs = RATE_WINDOW_MS;
    book.created = () => true;
    try {
      const { products, queueStockForCreatedOffers, requeueProductStock } = s.t.container.cradle;
      await s.t.app.inject({
        method: 'PATCH',
        url: `/api/shops/${s.shopId}`,
        headers: s.t.auth,
        payload: { default_warehouse_id: WAREHOUSE, default_stock: 20 },
      });
      const inserted: Product[] = [];
      for (let i = 0; i < OFFERS; i++) {
        const product: Product = {
          ...publishableProduct({ id: randomUUID(), offer_id: `STK-${String(i).padStart(5, '0')}` }),
          stage: 'published',
          marketplace_product_id: String(700_000 + i),
        };
        await products.insert(product);
        inserted.push(product);
      }
      const settle = async (wanted: number): Promise<number> => {
        const started = performance.now();
        while (book.received.filter((pair) => !pair.error).length < wanted && performance.now() - started < 120_000)
          await new Promise((resolve) => setTimeout(resolve, 20));
        return performance.now() - started;
      };

      const rows: string[] = [];
      const round = async (name: string, queue: () => Promise<unknown>, wanted: number) => {
        const requestsBefore = book.stockRequests;
        const refusedBefore = book.refusedForRate;
        const receivedBefore = book.received.length;
        const sizesBefore = book.requestSizes.length;
        const cpu = process.cpuUsage();
        const started = performance.now();
        await queue();
        const queuedMs = performance.now() - started;
        const ms = await settle(wanted);
        const used = process.cpuUsage(cpu);
        const received = book.received.slice(receivedBefore);
        const requests = book.stockRequests - requestsBefore;
        const tooMany = received.filter((pair) => pair.error === 'TOO_MANY_REQUESTS').length;
        rows.push(
          `| ${name} | ${queuedMs.toFixed(0)} | ${(queuedMs + ms).toFixed(0)} | ${requests} | ${Math.max(0, ...book.requestSizes.slice(sizesBefore))} | ${book.refusedForRate - refusedBefore} | ${tooMany} | ${((used.user + used.system) / 1000).toFixed(0)} |`,
        );
      };
      await round(
        'created: the trigger for 5 000 offers',
        () =>
          queueStockForCreatedOffers(
            s.shopId,
            inserted.map((product) => ({ offer_id: product.offer_id, product_id: Number(product.marketplace_product_id) })),
          ),
        OFFERS,
      );
      // Every value changed again at once: within the pair interval and, at 50 more requests, past one window's 80.
      await round(
        'changed: every sale stock again',
        async () => {
          for (const product of inserted) await requeueProductStock({ ...product, sale_stock: 7 });
        },
        2 * OFFERS,
      );
      const sent = [...book.stocks.values()];
      return [
        `${OFFERS} published offers without variants, one warehouse, the fake marketplace counting requests per Client-Id in a window and each pair's`,
        `last update (its limits: 100 pairs a request, 80 requests a window, one pair once an interval; here the window is ${RATE_WINDOW_MS / 1000} s and the interval`,
        `${PAIR_INTERVAL_MS / 1000} s on both sides instead of 60 s and 30 s, so the run takes seconds). SQLite, one instance, the background sender on its own timer.`,
        '',
        '| round | queued in (ms) | all taken by (ms) | requests | most pairs in one | refused for rate (429) | TOO_MANY_REQUESTS | CPU (ms) |',
        '|---|---|---|---|---|---|---|---|',
        ...rows,
        '',
        `Fewest requests the limits allow: ${OFFERS} / 100 = 50 (target: the trigger's round in ≤ 50, none refused). In the second round the values change one`,
        `product at a time while the sender is already at work, each pair held until its interval since the first round passed; its requests come within the`,
        `window of the first round's 50, so those past 80 wait for slots of the shop's request log rather than being refused.`,
        `At the end the marketplace holds ${sent.length} pairs, ${sent.filter((stock) => stock === 7).length} of them at the changed value.`,
      ].join('\n');
    } finally {
      await s.close();
    }
  },
};

export default section;
