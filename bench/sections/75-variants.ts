import os from 'node:os';
import { percentile } from '../lib.ts';
import { startPublishingStack } from '../publishing-fixture.ts';
import { type BenchSection } from '../section.ts';
import { collectedPage, insertVariantProduct, VARIANTS, variantsCategory } from '../variants-fixture.ts';

const CLIENT_ID = '434343';
const API_KEY = 'bench-ozon-key-0002';
const BASE = 'https://lws.example.com';
const CHECKS = 300;
const INTAKES = 200;

const stats = (ms: number[]) => {
  ms.sort((a, b) => a - b);
  return `${percentile(ms, 50).toFixed(1)} | ${percentile(ms, 99).toFixed(1)} | ${ms.at(-1)!.toFixed(1)}`;
};

const section: BenchSection = {
  title: 'Variants: the pre-flight of a product with 50 variants and 40 attributes, and intake of 50 SKUs (issue 20)',
  async run() {
    const category = variantsCategory();
    // No download runs (insertVariantProduct stores the SKU pictures by hand): the intake figure is the request's own work.
    const stack = await startPublishingStack({ clientId: CLIENT_ID, apiKey: API_KEY, category, publicBaseUrl: BASE, startWorkers: false });
    const { ozon, shopId, post, close } = stack;
    try {
      const id = await insertVariantProduct(stack, category, BASE);

      const first = (await (await post(`/api/products/${id}/publish/check`, { shop_id: shopId })).json()) as { ok: boolean; errors: unknown[] };
      if (!first.ok) throw new Error(`the bench product does not pass: ${JSON.stringify(first.errors).slice(0, 500)}`);
      const lookups = ozon.requests.length;
      const checkMs: number[] = [];
      const checkCpu = process.cpuUsage();
      for (let i = 0; i < CHECKS; i += 1) {
        const started = performance.now();
        await (await post(`/api/products/${id}/publish/check`, { shop_id: shopId })).arrayBuffer();
        checkMs.push(performance.now() - started);
      }
      const checkUsed = process.cpuUsage(checkCpu);
      const calls = ozon.requests.length - lookups;

      const intake = async (skus: boolean): Promise<{ ms: number[]; cpu: number }> => {
        const ms: number[] = [];
        const cpu = process.cpuUsage();
        for (let i = 0; i < INTAKES; i += 1) {
          const started = performance.now();
          const response = await post('/api/materials', collectedPage(i + (skus ? 10_000 : 0), skus));
          if (response.status !== 201) throw new Error(`intake answered ${response.status}: ${await response.text()}`);
          await response.arrayBuffer();
          ms.push(performance.now() - started);
        }
        const used = process.cpuUsage(cpu);
        return { ms, cpu: (used.user + used.system) / 1000 / INTAKES };
      };
      const plain = await intake(false);
      const withSkus = await intake(true);

      return [
        `Load average at the end: ${os
          .loadavg()
          .map((l) => l.toFixed(1))
          .join(' / ')} (2 shared cores). In-process app over a loopback socket, SQLite; the fake marketplace in the same process at zero latency.`,
        '',
        `| pre-flight \`POST /api/products/{id}/publish/check\`, ${VARIANTS} variants (each with its colour from a 200-value dictionary, its SKU picture), 40 attributes, cached, ${CHECKS} in a row | p50 ms | p99 ms | max ms | CPU ms each (app and client) | marketplace calls | target |`,
        '|---|---:|---:|---:|---:|---:|---|',
        `| one product | ${stats(checkMs)} | ${((checkUsed.user + checkUsed.system) / 1000 / CHECKS).toFixed(1)} | ${calls} | p99 < 30 ms |`,
        '',
        `| \`POST /api/materials\`, ${INTAKES} new products in a row (5 main images; no download runs) | p50 ms | p99 ms | max ms | CPU ms each |`,
        '|---|---:|---:|---:|---:|',
        `| without SKUs | ${stats(plain.ms)} | ${plain.cpu.toFixed(1)} |`,
        `| with ${VARIANTS} SKUs (50 variants, 50 more SKU pictures queued) | ${stats(withSkus.ms)} | ${withSkus.cpu.toFixed(1)} |`,
      ].join('\n');
    } finally {
      await close();
    }
  },
};

export default section;
