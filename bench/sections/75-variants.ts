import os from 'node:os';
import { randomUUID } from 'node:crypto';
import { pendingAsset, storedAsset } from '../../src/domain/asset.ts';
import { DEFAULT_PRICING_POLICY } from '../../src/domain/pricing.ts';
import { newVariant } from '../../src/domain/variant.ts';
import { priceProduct } from '../../src/domain/variant-pricing.ts';
import { FAKE_CATEGORY_ID, FAKE_TYPE_ID } from '../../tests/fakes/ozon-catalog.ts';
import { publishableProduct } from '../../tests/helpers/publishable-product.ts';
import { type BenchCategory, benchCategory, startPublishingStack } from '../publishing-fixture.ts';
import { percentile } from '../lib.ts';
import { type BenchSection } from '../section.ts';

const CLIENT_ID = '434343';
const API_KEY = 'bench-ozon-key-0002';
const BASE = 'https://lws.example.com';
const VARIANTS = 50;
const CHECKS = 300;
const INTAKES = 200;
const COLOUR = 10_096;

/** 40 characteristics as in the publishing section, the colour (an aspect, 200 values) among them. */
const category = (): BenchCategory =>
  benchCategory(35, {
    attribute: { id: COLOUR, zh: '商品颜色', ru: 'Цвет товара', type: 'String', is_required: true, is_collection: true, dictionary_id: 10096, is_aspect: true },
    values: Array.from({ length: 200 }, (_, n) => ({ id: 61_000 + n, value: `цвет ${n}`, info: '', picture: '' })),
  });

const stats = (ms: number[]) => {
  ms.sort((a, b) => a - b);
  return `${percentile(ms, 50).toFixed(1)} | ${percentile(ms, 99).toFixed(1)} | ${ms.at(-1)!.toFixed(1)}`;
};

/** A collected page: 5 main images, and with `skus` 50 SKUs each with its own picture. */
const page = (n: number, skus: boolean) => ({
  product: { id: null },
  source: { platform: '1688', itemId: `bench-${n}`, url: `https://detail.1688.com/offer/bench-${n}.html`, collectedAt: Date.now() },
  texts: [{ kind: 'title', content: '北欧风收纳盒' }, { kind: 'price', content: '¥18.50' }],
  images: Array.from({ length: 5 }, (_, i) => ({ groupKey: 'main', groupName: '主图', variantName: null, url: `https://cbu01.alicdn.com/img/${n}-m${i}.jpg`, index: i, type: 'img', dedupeKey: `${n}-m${i}` })),
  ...(skus ? { skus: Array.from({ length: VARIANTS }, (_, i) => ({ skuId: `${n}-${i}`, label: `颜色 ${i}`, priceCny: 18 + i, stock: 10, imageUrl: `https://cbu01.alicdn.com/img/${n}-s${i}.jpg` })) } : {}),
});

const section: BenchSection = {
  title: 'Variants: the pre-flight of a product with 50 variants and 40 attributes, and intake of 50 SKUs (issue 20)',
  async run() {
    const stack = category();
    // No download runs (the SKU pictures are stored by hand below): the intake figure is the request's own work.
    const { ozon, t, shopId, post, close } = await startPublishingStack({ clientId: CLIENT_ID, apiKey: API_KEY, category: stack, publicBaseUrl: BASE, startWorkers: false });
    const { filled } = stack;
    try {
      const id = randomUUID();
      const now = new Date().toISOString();
      const assets = Array.from({ length: VARIANTS }, (_, i) => {
        const origin = { asset_id: randomUUID(), product_id: id, group_key: 'sku' as const, group_name: 'SKU', variant_name: `颜色 ${i}`, type: 'img', index: i, dedupe_key: `s${i}`, source_url: '', referer: '' };
        return storedAsset(pendingAsset(origin, now), { url: `${BASE}/media/products/${id}/s${i}.jpg`, contentType: 'image/jpeg', bytes: 1, width: 750, height: 1000, sha256: String(i) }, now);
      });
      const variants = assets.map((asset, i) =>
        newVariant({ id: randomUUID(), seq: i + 1, label_zh: `颜色 ${i}`, label_ru: `цвет ${i}`, offer_id: `BENCH-V-${i + 1}`, cost_cny: 18 + i, image_asset_id: asset.asset_id, aspects: { [String(COLOUR)]: [{ dictionary_value_id: 61_000 + i, value: `цвет ${i}` }] } }),
      );
      const base = publishableProduct({ id, offer_id: 'BENCH-V', description_category_id: FAKE_CATEGORY_ID, type_id: FAKE_TYPE_ID, attributes: filled as never, variants }, now);
      await t.container.cradle.products.insert(priceProduct(base, 11.5, DEFAULT_PRICING_POLICY));
      await t.container.cradle.assets.insertMany(assets);

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
          const response = await post('/api/materials', page(i + (skus ? 10_000 : 0), skus));
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
        `Load average at the end: ${os.loadavg().map((l) => l.toFixed(1)).join(' / ')} (2 shared cores). In-process app over a loopback socket, SQLite; the fake marketplace in the same process at zero latency.`,
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
