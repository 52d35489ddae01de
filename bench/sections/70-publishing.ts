import os from 'node:os';
import { randomUUID } from 'node:crypto';
import { FAKE_CATEGORY_ID, FAKE_TYPE_ID } from '../../tests/fakes/ozon-catalog.ts';
import { unlimited } from '../../tests/fakes/ozon-products.ts';
import { publishableProduct } from '../../tests/helpers/publishable-product.ts';
import { type BenchCategory, benchCategory, startPublishingStack } from '../publishing-fixture.ts';
import { percentile } from '../lib.ts';
import { type BenchSection } from '../section.ts';

const CLIENT_ID = '424242';
const API_KEY = 'bench-ozon-key-0001';
const CHECKS = 300;
const BULK = 500;
const BULK_RUNS = 3;

/** 40 characteristics: brand, model, type, annotation and 36 more (half dictionaries of 200 values, a third required). */
function fortyAttributes(): BenchCategory {
  const category = benchCategory(36);
  return { ...category, filled: { ...category.filled, '9048': 'BOX-3' } };
}

const section: BenchSection = {
  title: 'Publishing: the pre-flight of a 40-attribute product, and a bulk publish of 500 (issue 13)',
  async run() {
    const category = fortyAttributes();
    const { ozon, t, url, shopId, post, close } = await startPublishingStack({
      clientId: CLIENT_ID,
      apiKey: API_KEY,
      category,
      publicBaseUrl: 'https://lws.example.com',
    });
    ozon.plan = { pendingPolls: 1_000_000, outcome: 'imported' };
    ozon.limits = unlimited();
    const { filled } = category;
    try {
      const insert = async (): Promise<string> => {
        const id = randomUUID();
        await t.container.cradle.products.insert(
          publishableProduct(
            { id, offer_id: `B-${id.slice(0, 12)}`, description_category_id: FAKE_CATEGORY_ID, type_id: FAKE_TYPE_ID, attributes: filled as never },
            new Date().toISOString(),
          ),
        );
        return id;
      };

      const product = await insert();
      const first = (await (await post(`/api/products/${product}/publish/check`, { shop_id: shopId })).json()) as { ok: boolean; errors: unknown[] };
      if (!first.ok) throw new Error(`the bench product does not pass: ${JSON.stringify(first.errors)}`);
      const lookups = ozon.requests.length;
      const checkMs: number[] = [];
      const checkCpu = process.cpuUsage();
      for (let i = 0; i < CHECKS; i += 1) {
        const started = performance.now();
        const response = await post(`/api/products/${product}/publish/check`, { shop_id: shopId });
        await response.arrayBuffer();
        checkMs.push(performance.now() - started);
      }
      const checkUsed = process.cpuUsage(checkCpu);
      const cpuPerCheck = (checkUsed.user + checkUsed.system) / 1000 / CHECKS;
      const marketplaceCalls = ozon.requests.length - lookups;
      checkMs.sort((a, b) => a - b);

      const bulkRows: string[] = [];
      for (let run = 0; run < BULK_RUNS; run += 1) {
        const ids: string[] = [];
        for (let i = 0; i < BULK; i += 1) ids.push(await insert());
        await fetch(`${url}/api/health`).catch(() => undefined);
        const importsBefore = [...ozon.tasks.values()].length;
        const started = performance.now();
        const cpu = process.cpuUsage();
        const response = await post('/api/publish', { shop_id: shopId, product_ids: ids });
        const reply = (await response.json()) as { tasks: { product_ids: string[] }[]; waiting: string[]; refused: unknown[] };
        const ms = performance.now() - started;
        const used = process.cpuUsage(cpu);
        const cpuMs = (used.user + used.system) / 1000;
        const sizes = [...ozon.tasks.values()].slice(importsBefore).map((task) => task.items.length);
        bulkRows.push(
          `| run ${run + 1} | ${response.status} | ${sizes.length} (${sizes.join(', ')}) | ${reply.waiting.length} | ${reply.refused.length} | ${ms.toFixed(0)} | ${cpuMs.toFixed(0)} | < 1 000 ms |`,
        );
      }
      return [
        `Load average at the end: ${os
          .loadavg()
          .map((l) => l.toFixed(1))
          .join(' / ')} (2 shared cores). In-process app over a loopback socket, SQLite; the fake marketplace in the same process at zero latency.`,
        '',
        `| pre-flight \`POST /api/products/{id}/publish/check\`, 40 attributes (18 dictionaries, 14 required), cached, ${CHECKS} in a row | p50 ms | p99 ms | max ms | CPU ms each (app and client) | marketplace calls | target |`,
        '|---|---:|---:|---:|---:|---:|---|',
        `| one product | ${percentile(checkMs, 50).toFixed(1)} | ${percentile(checkMs, 99).toFixed(1)} | ${checkMs.at(-1)!.toFixed(1)} | ${cpuPerCheck.toFixed(1)} | ${marketplaceCalls} | p99 < 20 ms |`,
        '',
        `| bulk \`POST /api/publish\` of ${BULK} ready products (checks, limits, import requests, records) | status | import requests (items each) | waiting | refused | ms | CPU ms (app, client, fake) | target |`,
        '|---|---:|---|---:|---:|---:|---:|---|',
        ...bulkRows,
      ].join('\n');
    } finally {
      await close();
    }
  },
};

export default section;
