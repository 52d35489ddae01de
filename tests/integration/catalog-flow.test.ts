import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeServer, type FakeServer } from '../fakes/fake-server.ts';
import { startFxFakes, type FxFakes } from '../fakes/fx.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { parseCsv } from './catalog-helpers.ts';

let test: TestApp;
let fx: FxFakes;
let cdn: FakeServer;

beforeAll(async () => {
  const jpeg = await sharp({ create: { width: 800, height: 800, channels: 3, background: '#e0e0e0' } })
    .jpeg()
    .toBuffer();
  cdn = await startFakeServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': jpeg.length });
    response.end(jpeg);
  });
  fx = await startFxFakes({ cbr: { kind: 'rate', rate: 11.5 } });
  test = await startTestApp({ env: fx.env });
});
afterAll(async () => {
  await test.close();
  await fx.close();
  await cdn.close();
});

async function waitForStoredImage(id: string): Promise<Record<string, unknown>> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const product = (await test.app.inject({ method: 'GET', url: `/api/products/${id}`, headers: test.auth })).json();
    if (product.assets.some((a: { status: string }) => a.status === 'stored')) return product;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the image was never stored');
}

describe('the main flow, as a new user does it', () => {
  it('collect → price → fix → ready (refusals first) → CSV with the worked-example price', async () => {
    const collected = await test.app.inject({
      method: 'POST',
      url: '/api/materials',
      headers: test.auth,
      payload: {
        product: { id: null },
        source: { platform: '1688', itemId: '6543210', url: 'https://detail.1688.com/offer/6543210.html', collectedAt: Date.now() },
        texts: [{ kind: 'title', content: '硅胶理线器 桌面收纳' }],
        images: [{ groupKey: 'main', groupName: '主图', variantName: null, url: `${cdn.url}/main.jpg`, index: 0, type: 'img', dedupeKey: 'main-0' }],
        refererOrigin: 'https://detail.1688.com',
      },
    });
    expect(collected.statusCode).toBeLessThan(300);
    const id: string = collected.json().product_id;
    const product = await waitForStoredImage(id);
    expect(product).toMatchObject({ stage: 'collected', name: '硅胶理线器 桌面收纳', price: null });

    const priced = await test.app.inject({
      method: 'PATCH',
      url: `/api/products/${id}`,
      headers: { ...test.auth, 'if-match': String(product.version) },
      payload: { pricing: { cost_cny: 20, weight_g: 300 } },
    });
    expect(priced.json()).toMatchObject({
      stage: 'editing',
      price: 593,
      old_price: 1186,
      fx_rate: 11.5,
      pricing: { result: { tier: 'low', logistics_cny: 13.5 } },
    });

    const refused = await test.app.inject({ method: 'POST', url: `/api/products/${id}/stage`, headers: test.auth, payload: { stage: 'ready' } });
    expect(refused.statusCode).toBe(422);
    // One weight: the pricing weight set `weight` too, so only the other checks fail.
    expect(refused.json().errors.map((e: { path: string }) => e.path)).toEqual(['/name', '/description', '/offer_id', '/depth', '/width', '/height']);

    const fixed = await test.app.inject({
      method: 'PATCH',
      url: `/api/products/${id}`,
      headers: test.auth,
      payload: {
        name: 'Органайзер для кабелей',
        description: 'Силиконовый органайзер.',
        offer_id: 'ORG-6543210',
        weight: 300,
        depth: 100,
        width: 80,
        height: 30,
      },
    });
    expect(fixed.json()).toMatchObject({ price: 593 });
    const ready = await test.app.inject({ method: 'POST', url: `/api/products/${id}/stage`, headers: test.auth, payload: { stage: 'ready' } });
    expect(ready.json()).toMatchObject({ stage: 'ready' });

    const csv = await test.app.inject({ method: 'GET', url: '/api/export/products.csv?stage=ready', headers: test.auth });
    expect(csv.body.charCodeAt(0)).toBe(0xfeff);
    const [header, row] = parseCsv(csv.body);
    const cell = (name: string) => row![header!.indexOf(name)];
    expect([cell('offer_id'), cell('name'), cell('price'), cell('old_price'), cell('stage'), cell('source_item_id')]).toEqual([
      'ORG-6543210',
      'Органайзер для кабелей',
      '593',
      '1186',
      'ready',
      '6543210',
    ]);
    expect(cell('primary_image')).toMatch(/^\/media\//);
  });
});
