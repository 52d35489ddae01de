import os from 'node:os';
import { randomUUID } from 'node:crypto';
import { unlimited } from '../../tests/fakes/ozon-products.ts';
import { copyableProduct } from '../../tests/helpers/publishable-product.ts';
import { benchCategory, startPublishingStack } from '../publishing-fixture.ts';
import { type BenchSection } from '../section.ts';

const CLIENT_ID = '434343';
const API_KEY = 'bench-ozon-key-0034';
const BULK = 500;
const RUNS = 3;
/** The marketplace's per-minute limit of product operations (`operation_limits`, RATE_LIMIT_PER_MINUTE) the fake reports. */
const PER_MINUTE = 1_000;

const section: BenchSection = {
  title: 'Follow-selling: a bulk copy of 500 marketplace cards through /v1/product/import-by-sku (issue 34)',
  async run() {
    const { ozon, t, url, shopId, post, close } = await startPublishingStack({
      clientId: CLIENT_ID,
      apiKey: API_KEY,
      category: benchCategory(0),
      publicBaseUrl: 'https://lws.example.com',
    });
    ozon.plan = { pendingPolls: 1_000_000, outcome: 'imported' };
    ozon.limits = { ...unlimited(), operation_limits: { limit: PER_MINUTE, limit_type: 'RATE_LIMIT_PER_MINUTE' } };
    let sku = 2_000_000_000;
    try {
      // A copy collected from the marketplace page: priced, an offer id, its SKU; no category, attributes or images.
      const insert = async (): Promise<string> => {
        const id = randomUUID();
        sku += 1;
        await t.container.cradle.products.insert(copyableProduct(sku, { id, offer_id: `C-${id.slice(0, 12)}` }, new Date().toISOString()));
        return id;
      };
      const rows: string[] = [];
      for (let run = 0; run < RUNS; run += 1) {
        const ids: string[] = [];
        for (let i = 0; i < BULK; i += 1) ids.push(await insert());
        await fetch(`${url}/api/health`).catch(() => undefined);
        const before = ozon.copies.requests.length;
        const started = performance.now();
        const cpu = process.cpuUsage();
        const response = await post('/api/publish', { shop_id: shopId, product_ids: ids });
        const reply = (await response.json()) as { tasks: unknown[]; waiting: string[]; refused: unknown[] };
        const ms = performance.now() - started;
        const used = process.cpuUsage(cpu);
        const sizes = ozon.copies.requests.slice(before).map((request) => request.items.length);
        const items = sizes.reduce((sum, size) => sum + size, 0);
        // All within one minute of wall time: the items a minute are the items sent (well under the limit's minute).
        const perMinute = ms < 60_000 ? items : Math.round((items * 60_000) / ms);
        rows.push(
          `| run ${run + 1} | ${response.status} | ${sizes.length} (${sizes.join(', ')}) | ${perMinute} of ${PER_MINUTE} | ${reply.waiting.length} | ${reply.refused.length} | ${ms.toFixed(0)} | ${((used.user + used.system) / 1000).toFixed(0)} | ≤ 5 requests, < 1 000 ms |`,
        );
      }
      return [
        `Load average at the end: ${os
          .loadavg()
          .map((l) => l.toFixed(1))
          .join(' / ')} (2 shared cores). In-process app over a loopback socket, SQLite; the fake marketplace in the same process at zero latency.`,
        '',
        `| bulk \`POST /api/publish\` of ${BULK} ready copies (checks, limits, import-by-sku requests, records) | status | import-by-sku requests (items each) | items in the minute / limit | waiting | refused | ms | CPU ms (app, client, fake) | target |`,
        '|---|---:|---|---:|---:|---:|---:|---:|---|',
        ...rows,
      ].join('\n');
    } finally {
      await close();
    }
  },
};

export default section;
