import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Asset, pendingAsset, storedAsset } from '../../src/domain/media/asset.ts';
import { newProduct } from '../../src/domain/catalog/product.ts';
import { buildRichContent, richContentAttribute } from '../../src/domain/catalog/rich-content.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

const BASE = 'https://lws.example.com';

/** POST /products/{id}/rich-content and a hand-set attribute 11254 (issue 20 item 4, docs/decisions.md, Rich content). */
describe('rich content', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { PUBLIC_BASE_URL: BASE }, start: false });
  });
  afterAll(() => t?.close());

  const api = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: t.auth, ...(payload ? { payload } : {}) });
  const asset = (productId: string, group: Asset['group_key'], index: number): Asset => {
    const now = new Date().toISOString();
    const id = randomUUID();
    const origin = {
      asset_id: id,
      product_id: productId,
      group_key: group,
      group_name: group,
      variant_name: null,
      type: 'img',
      index,
      dedupe_key: id,
      source_url: '',
      referer: '',
    };
    return storedAsset(
      pendingAsset(origin, now),
      { url: `${BASE}/media/products/${productId}/${group}-${index}.jpg`, contentType: 'image/jpeg', bytes: 1, width: 750, height: 1000, sha256: id },
      now,
    );
  };
  async function product(name = 'Коробка для хранения') {
    const stored = newProduct(
      { id: randomUUID(), stage: 'editing', source_platform: null, name, description: 'Прочная коробка.\nС крышкой.' },
      new Date().toISOString(),
    );
    await t.container.cradle.products.insert(stored);
    const assets = [asset(stored.id, 'detail', 1), asset(stored.id, 'detail', 0), asset(stored.id, 'translated', 0), asset(stored.id, 'main', 0)];
    await t.container.cradle.assets.insertMany(assets);
    return { id: stored.id, assets };
  }

  it('builds from the translated pictures first, then the detail ones, plus the Russian text; keeps it as 11254', async () => {
    const { id, assets } = await product();
    const [detail1, detail0, translated] = assets;
    const answer = await api('POST', `/api/products/${id}/rich-content`, { images: 'detail', text: true });
    expect(answer.statusCode).toBe(200);
    const expected = buildRichContent(
      [translated!, detail0!, detail1!].map((a) => ({ url: a.stored_url, alt: 'Коробка для хранения' })),
      ['Коробка для хранения', 'Прочная коробка.\nС крышкой.'],
    );
    expect(answer.json()).toEqual({ rich_content: JSON.parse(JSON.stringify(expected)), warnings: [] });
    const stored = await api('GET', `/api/products/${id}`);
    expect(stored.json().attributes['11254']).toEqual(richContentAttribute(expected));
    expect(stored.json().version).toBe(2);

    const chosen = await api('POST', `/api/products/${id}/rich-content`, { images: [detail1!.asset_id], text: false });
    expect(chosen.json().rich_content.content).toHaveLength(1);
  });

  it('warns instead of inventing: no pictures, no Russian text; refuses another product’s picture', async () => {
    const { id } = await product('收纳盒');
    const other = await product();
    const textOnly = await api('POST', `/api/products/${id}/rich-content`, { images: [other.assets[0]!.asset_id], text: true });
    expect(textOnly.statusCode).toBe(422);
    expect(textOnly.json()).toMatchObject({ code: 'ASSET_NOT_USABLE', errors: [{ path: '/images/0', message: '这张图片不属于这个商品或尚未下载完成' }] });
    const noText = await api('POST', `/api/products/${id}/rich-content`, { images: 'detail', text: true });
    // The Chinese name is left out; the Russian description is used.
    expect(noText.json().warnings).toEqual([]);
    expect(JSON.stringify(noText.json().rich_content)).not.toMatch(/收纳/);

    const bare = newProduct({ id: randomUUID(), stage: 'editing', source_platform: null, name: '收纳盒', description: '' }, new Date().toISOString());
    await t.container.cradle.products.insert(bare);
    const empty = await api('POST', `/api/products/${bare.id}/rich-content`, { images: 'detail', text: true });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().code).toBe('RICH_CONTENT_EMPTY');
    await api('PATCH', `/api/products/${bare.id}`, { description: 'Коробка.' });
    const warned = await api('POST', `/api/products/${bare.id}/rich-content`, { images: 'detail', text: true });
    expect(warned.json().warnings).toEqual(['商品没有已保存的详情图或图片翻译，富文本里没有图片']);
  });

  it('a hand-set 11254 must be our shape with the product’s own pictures and no Chinese: else a Chinese 422 and nothing changes', async () => {
    const { id, assets } = await product();
    const before = (await api('GET', `/api/products/${id}`)).json().version;
    const set = (value: unknown) => api('PATCH', `/api/products/${id}`, { attributes: { '11254': value } });
    const broken = await set([{ value: '{"content": [' }]);
    expect(broken.statusCode).toBe(422);
    expect(broken.json()).toMatchObject({ code: 'RICH_CONTENT_INVALID', errors: [{ path: '/attributes/11254', message: '富文本（11254）不是合法的 JSON' }] });
    const foreign = await set(richContentAttribute(buildRichContent([{ url: 'https://cbu01.alicdn.com/img/a.jpg', alt: '' }], [])));
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().detail).toContain('不是本服务保存的本商品图片');
    expect((await set(richContentAttribute(buildRichContent([], ['Коробка 收纳盒'])))).statusCode).toBe(422);
    expect((await api('GET', `/api/products/${id}`)).json().version).toBe(before);

    const ours = await set(richContentAttribute(buildRichContent([{ url: assets[0]!.stored_url, alt: '' }], ['Коробка'])));
    expect(ours.statusCode).toBe(200);
    expect((await set(null)).json().attributes).not.toHaveProperty('11254');
  });
});
