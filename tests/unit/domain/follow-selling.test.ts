import { describe, expect, it } from 'vitest';
import { assertPublishMode, initialPublishMode, marketPriceWarnings, marketSkuOf, parseMarketPriceRub } from '../../../src/domain/catalog/follow-selling.ts';
import { readyProblems } from '../../../src/domain/catalog/ready-checks.ts';
import { collectedProduct } from '../../../src/domain/intake/material.ts';
import { DEFAULT_PRICING_POLICY } from '../../../src/domain/pricing/pricing.ts';
import { preparePublish } from '../../../src/domain/publishing/publish.ts';
import { chooseOperation, copyOf } from '../../../src/domain/publishing/publish-update.ts';
import { copyableProduct, publishableProduct } from '../../helpers/publishable-product.ts';

const OZON_URL = 'https://www.ozon.ru/product/kruzhka-keramicheskaya-1459384721/';
/** A priced product collected from the marketplace's own page: no category, attributes, images or description. */
const copyProduct = (overrides: Parameters<typeof publishableProduct>[0] = {}) => copyableProduct(1459384721, overrides);

describe('follow-selling in the domain', () => {
  it('parses the marketplace page price with thin and non-breaking spaces, null when it is not one amount', () => {
    expect(parseMarketPriceRub('1 299 ₽')).toBe(1299);
    expect(parseMarketPriceRub('1\u2009299\u00a0₽')).toBe(1299);
    expect(parseMarketPriceRub('12\u202f499,50 ₽')).toBe(12499.5);
    expect(parseMarketPriceRub('599')).toBe(599);
    expect(parseMarketPriceRub('от 599 ₽')).toBeNull();
    expect(parseMarketPriceRub('599 ₽ 1 199 ₽')).toBeNull();
    expect(parseMarketPriceRub('')).toBeNull();
    expect(parseMarketPriceRub('0 ₽')).toBeNull();
    // The price widget's whole text: the price without the marketplace's card, not the card price or the old one.
    expect(parseMarketPriceRub('1\u2009199\u00a0₽ c Ozon Картой 1\u2009299\u00a0₽ 2\u2009599\u00a0₽ без Ozon Карты')).toBe(1299);
    expect(parseMarketPriceRub('1 299 ₽ 2 599 ₽ без Ozon Карты')).toBe(1299);
    expect(parseMarketPriceRub('799,90 ₽ с Ozon Картой')).toBeNull();
  });

  it('starts a marketplace page with a SKU as a copy with its price; a 1688 page or a SKU that is not a number as a full card', () => {
    const material = (platform: 'ozon' | '1688', itemId: string) => ({
      source: { platform, itemId, url: OZON_URL, collectedAt: 1 },
      texts: [
        { kind: 'title', content: 'Кружка' },
        { kind: 'price', content: '1 299 ₽' },
      ],
      images: [],
    });
    const copy = collectedProduct('p1', material('ozon', '1459384721'), '2026-11-27T10:00:00.000Z');
    expect(copy).toMatchObject({ publish_mode: 'copy', market_price_rub: 1299 });
    // The rouble price is the marketplace's, never a cost in yuan.
    expect(copy.pricing.cost_cny).toBeUndefined();
    expect(collectedProduct('p2', material('ozon', 'abc'), '2026-11-27T10:00:00.000Z').publish_mode).toBe('create');
    expect(collectedProduct('p3', material('1688', '6001'), '2026-11-27T10:00:00.000Z')).toMatchObject({ publish_mode: 'create', market_price_rub: null });
    expect(initialPublishMode({ source_platform: 'ozon', source_item_id: '0123', sources: [] })).toBe('create');
  });

  it('refuses a copy without a marketplace SKU, or with one that is not a positive integer, in Chinese', () => {
    const noSource = publishableProduct({ publish_mode: 'copy' });
    expect(() => assertPublishMode(noSource)).toThrow(expect.objectContaining({ code: 'COPY_WITHOUT_SKU', detail: expect.stringMatching(/跟卖/) }));
    expect(() => assertPublishMode(copyProduct({ source_item_id: '-5' }))).toThrow(expect.objectContaining({ code: 'COPY_SKU_INVALID' }));
    expect(() => assertPublishMode(copyProduct({ source_item_id: '' }))).toThrow(expect.objectContaining({ code: 'COPY_WITHOUT_SKU' }));
    expect(() => assertPublishMode(copyProduct())).not.toThrow();
    expect(marketSkuOf(copyProduct())).toBe(1459384721);
  });

  it('readies and prepares a copy without category, attributes, images or description; only its offer, price, rules, VAT and SKU', () => {
    const product = copyProduct();
    expect(readyProblems(product, { policy: DEFAULT_PRICING_POLICY, offerIdTaken: false, storedImageCount: 0 }).map((p) => p.path)).not.toContain('/images');
    const prepared = preparePublish({ product, currency: 'RUB', imageUrls: [] });
    expect(prepared.ok).toBe(true);
    if (!prepared.ok) return;
    const card = prepared.items[0]!.item;
    expect(copyOf(card)).toEqual({ sku: 1459384721, offer_id: 'BOX-001', name: product.name, price: 593, old_price: 1186, currency: 'RUB', vat: '0' });
    expect(chooseOperation(null, card)).toBe('copy');
    expect(chooseOperation(card, { ...card, price: 600 })).toBe('prices');

    const bad = preparePublish({ product: copyProduct({ offer_id: '', vat: '0.3', source_item_id: 'x1' }), currency: 'RUB', imageUrls: [] });
    expect(bad.ok ? [] : bad.problems.map((problem) => problem.path)).toEqual(['offer_id', 'vat', 'source_item_id']);
    // Priced against the marketplace's price rules: an old price far above the price is refused as for any card.
    const rules = preparePublish({
      product: copyProduct({ pricing: { result: { price_rub: 593, old_price_rub: 10000, fx_rate: 11.5 } }, old_price: 10000 }),
      currency: 'RUB',
      imageUrls: [],
    });
    expect(rules.ok).toBe(false);
  });

  it('warns, never refuses, when our price is above the marketplace page price', () => {
    expect(marketPriceWarnings({ market_price_rub: 500 }, 593)).toEqual([{ path: 'price', message: expect.stringContaining('高于平台页面上的售价 500 ₽') }]);
    expect(marketPriceWarnings({ market_price_rub: 700 }, 593)).toEqual([]);
    expect(marketPriceWarnings({ market_price_rub: null }, 593)).toEqual([]);
    const prepared = preparePublish({ product: copyProduct({ market_price_rub: 500 }), currency: 'RUB', imageUrls: [] });
    expect(prepared).toMatchObject({ ok: true, warnings: [{ path: 'price' }] });
  });
});
