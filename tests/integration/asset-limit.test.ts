import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_ASSETS_PER_PRODUCT } from '../../src/domain/media/asset.ts';
import { testDatabases } from '../helpers/databases.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

// Nothing listens on port 9: downloads fail at once and never leave the machine.
const images = (from: number, count: number) =>
  Array.from({ length: count }, (_, at) => ({
    groupKey: 'detail',
    groupName: '详情',
    variantName: null,
    url: `http://127.0.0.1:9/${from + at}.jpg`,
    index: from + at,
    type: 'img',
    dedupeKey: `d${from + at}`,
  }));

const material = (productId: string | null, list: ReturnType<typeof images>) => ({
  product: { id: productId },
  source: { platform: '1688', itemId: '8001', url: 'https://detail.1688.com/offer/8001.html', collectedAt: 1_763_700_000_000 },
  texts: [{ kind: 'title', content: '杯子' }],
  images: list,
});

// One product grew to 10 500 assets and a 5.2 MB GET.
describe.each(testDatabases())('assets per product on $name', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ database, start: false });
  });
  afterAll(() => t.close());

  it(`are capped at ${MAX_ASSETS_PER_PRODUCT}, and /assets pages through them`, async () => {
    const first = await t.app.inject({ method: 'POST', url: '/api/materials', headers: t.auth, payload: material(null, images(0, 500)) });
    expect(first.statusCode).toBe(201);
    const id = first.json().product.id as string;
    const fill = await t.app.inject({ method: 'POST', url: '/api/materials', headers: t.auth, payload: material(id, images(500, 100)) });
    expect(fill.json().assetsQueued).toBe(100);

    const over = await t.app.inject({ method: 'POST', url: '/api/materials', headers: t.auth, payload: material(id, images(600, 1)) });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({ code: 'TOO_MANY_ASSETS', detail: expect.stringContaining('600') });
    // Images it already has are no new assets: such a page still goes through.
    expect((await t.app.inject({ method: 'POST', url: '/api/materials', headers: t.auth, payload: material(id, images(0, 3)) })).json().assetsQueued).toBe(0);

    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#c00' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.set('product_id', id);
    form.set('meta', JSON.stringify({ dedupeKey: 'upload-1' }));
    form.set('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'a.png');
    const request = new Request('http://x/api/materials/bytes', { method: 'POST', body: form });
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/materials/bytes',
      headers: { ...t.auth, 'content-type': request.headers.get('content-type')! },
      payload: Buffer.from(await request.arrayBuffer()),
    });
    expect(upload.statusCode).toBe(409);
    expect(upload.json().code).toBe('TOO_MANY_ASSETS');

    const all = await t.app.inject({ method: 'GET', url: `/api/products/${id}/assets`, headers: t.auth });
    expect(all.json()).toMatchObject({ total: 600, page: 1, page_size: 600 });
    expect(all.json().items).toHaveLength(600);

    const seen: string[] = [];
    for (let page = 1; page <= 4; page += 1) {
      const slice = (await t.app.inject({ method: 'GET', url: `/api/products/${id}/assets?page=${page}&page_size=200`, headers: t.auth })).json();
      expect(slice).toMatchObject({ total: 600, page, page_size: 200 });
      seen.push(...slice.items.map((asset: { dedupe_key: string }) => asset.dedupe_key));
    }
    expect(seen).toEqual(all.json().items.map((asset: { dedupe_key: string }) => asset.dedupe_key));
    expect(new Set(seen).size).toBe(600);

    const tooBig = await t.app.inject({ method: 'GET', url: `/api/products/${id}/assets?page_size=601`, headers: t.auth });
    expect(tooBig.statusCode).toBe(422);
  });
});
