import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Material, type MaterialImage, appendMaterial, collectedProduct, collectedTitle, pendingAssets } from '../../src/domain/intake/material.ts';

const NOW = '2026-11-21T10:00:00.000Z';
const img = (url: string, dedupeKey: string, index = 0): MaterialImage => ({
  groupKey: 'main',
  groupName: '主图',
  variantName: null,
  url,
  index,
  type: 'img',
  dedupeKey,
});
const material = (images: MaterialImage[], overrides: Partial<Material> = {}): Material => ({
  source: { platform: '1688', itemId: '42', url: 'https://detail.1688.com/offer/42.html', collectedAt: 1 },
  texts: [
    { kind: 'price', content: '¥9.9' },
    { kind: 'title', content: ' 标题 ' },
  ],
  images,
  ...overrides,
});

describe('collected products', () => {
  it('start as collected, named after the title text, holding texts and source in raw', () => {
    const product = collectedProduct('p1', material([]), NOW);
    expect(product).toMatchObject({ id: 'p1', stage: 'collected', name: '标题', source_platform: '1688', source_item_id: '42', version: 1 });
    expect(product.sources).toEqual([{ platform: '1688', item_id: '42', url: 'https://detail.1688.com/offer/42.html' }]);
    expect(product.raw).toEqual({
      texts: [
        { kind: 'price', content: '¥9.9' },
        { kind: 'title', content: ' 标题 ' },
      ],
      sources: [{ platform: '1688', itemId: '42', url: 'https://detail.1688.com/offer/42.html', collectedAt: 1 }],
    });
    expect(collectedTitle([{ kind: 'title', content: '   ' }])).toBe('');
  });

  it('append a new source once and keep name, stage and earlier raw', () => {
    const product = collectedProduct('p1', material([]), NOW);
    const other = material([], {
      source: { platform: 'taobao', itemId: '7', url: 'https://item.taobao.com/item.htm?id=7', collectedAt: 2 },
      texts: [{ kind: 'title', content: '另一个' }],
    });
    const once = appendMaterial(product, other, 'later');
    const twice = appendMaterial(once, other, 'later');
    expect(once).toMatchObject({ name: '标题', stage: 'collected', version: 2, updated_at: 'later' });
    expect(twice.sources.map((s) => s.platform)).toEqual(['1688', 'taobao']);
    expect((twice.raw.texts as unknown[]).length).toBe(4);
  });
});

describe('pendingAssets', () => {
  let counter = 0;
  const newId = () => `a${(counter += 1)}`;

  it('never creates two assets with one dedupe key, nor one the product has', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom('k1', 'k2', 'k3', 'k4', ''), { maxLength: 30 }), fc.subarray(['k1', 'k2']), (keys, known) => {
        const images = keys.map((key, i) => img(`https://cdn.example.com/${i % 3}.jpg`, key, i));
        const assets = pendingAssets('p', material(images), known, newId, NOW);
        const made = assets.map((asset) => asset.dedupe_key);
        expect(new Set(made).size).toBe(made.length);
        for (const key of known) expect(made).not.toContain(key);
        for (const asset of assets) expect(asset).toMatchObject({ status: 'pending', attempts: 0, stored_url: '', product_id: 'p' });
      }),
    );
  });

  it('records the original URL and the Referer to download with', () => {
    const [asset] = pendingAssets(
      'p',
      material([img('//cbu01.alicdn.com/x.jpg_400x400.jpg', '')], { refererOrigin: 'https://detail.1688.com' }),
      [],
      newId,
      NOW,
    );
    expect(asset).toMatchObject({
      source_url: 'https://cbu01.alicdn.com/x.jpg',
      dedupe_key: 'https://cbu01.alicdn.com/x.jpg',
      referer: 'https://detail.1688.com/',
    });
  });
});
