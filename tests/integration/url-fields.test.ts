import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

const HOSTILE = [
  'javascript:alert(1)',
  ' JavaScript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:x',
  'file:///etc/passwd',
  '/\\evil.example/x.jpg',
];

const material = (overrides: { url?: string; refererOrigin?: string; imageUrl?: string }) => ({
  product: { id: null },
  source: { platform: '1688', itemId: '7001', url: overrides.url ?? 'https://detail.1688.com/offer/7001.html', collectedAt: 1_763_700_000_000 },
  texts: [{ kind: 'title', content: '杯子' }],
  images: [
    {
      groupKey: 'main',
      groupName: '主图',
      variantName: null,
      url: overrides.imageUrl ?? 'https://cbu01.alicdn.com/a.jpg',
      index: 0,
      type: 'img',
      dedupeKey: 'a',
    },
  ],
  refererOrigin: overrides.refererOrigin ?? 'https://detail.1688.com',
});

// A `javascript:` source URL was stored and rendered as a link on the page.
describe('every stored URL is http(s)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ start: false });
  });
  afterAll(() => t.close());

  it('refuses other schemes in collected materials with 422 naming the field', async () => {
    for (const bad of HOSTILE) {
      for (const [field, path] of [
        ['url', '/source/url'],
        ['refererOrigin', '/refererOrigin'],
        ['imageUrl', '/images/0/url'],
      ] as const) {
        const response = await t.app.inject({ method: 'POST', url: '/api/materials', headers: t.auth, payload: material({ [field]: bad }) });
        expect(response.statusCode, `${field}=${bad}`).toBe(422);
        expect(response.json().errors).toContainEqual(expect.objectContaining({ path }));
      }
    }
    const list = await t.app.inject({ method: 'GET', url: '/api/products', headers: t.auth });
    expect(list.json().total).toBe(0);
  });

  it('refuses them in product fields, and keeps http(s), protocol-relative and the service’s own paths', async () => {
    for (const bad of HOSTILE) {
      for (const [payload, path] of [
        [{ name: 'a', source_url: bad }, '/source_url'],
        [{ name: 'a', primary_image: bad }, '/primary_image'],
        [{ name: 'a', images: ['https://x.example/a.jpg', bad] }, '/images/1'],
      ] as const) {
        const response = await t.app.inject({ method: 'POST', url: '/api/products', headers: t.auth, payload });
        expect(response.statusCode, `${path}=${bad}`).toBe(422);
        expect(response.json().errors).toContainEqual(expect.objectContaining({ path }));
      }
    }
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: t.auth,
      payload: {
        name: 'a',
        source_url: 'HTTPS://detail.1688.com/offer/1.html',
        primary_image: '/media/products/x.jpg',
        images: ['//cbu01.alicdn.com/b.jpg', 'http://x.example/c.jpg'],
      },
    });
    expect(created.statusCode).toBe(201);
    const cleared = await t.app.inject({ method: 'PATCH', url: `/api/products/${created.json().id}`, headers: t.auth, payload: { source_url: '' } });
    expect(cleared.statusCode).toBe(200);
  });

  it('refuses them as image addresses of exports and image edits', async () => {
    const exported = await t.app.inject({
      method: 'POST',
      url: '/api/export/images',
      headers: t.auth,
      payload: { title: 't', images: [{ url: 'javascript:alert(1)', groupName: 'g', key: 'k' }] },
    });
    expect(exported.statusCode).toBe(422);
    const edited = await t.app.inject({
      method: 'POST',
      url: '/api/image/edit',
      headers: t.auth,
      payload: { image_url: 'data:image/png;base64,AAAA', operation: 'text_overlay', prompt: 'x' },
    });
    expect(edited.statusCode).toBe(422);
    expect(edited.json().errors).toContainEqual(expect.objectContaining({ path: '/image_url' }));
  });
});
