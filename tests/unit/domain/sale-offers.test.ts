import { describe, expect, it } from 'vitest';
import { saleOffersOf, withSaleStock } from '../../../src/domain/stock/stock.ts';

const variant = (id: string, stock: number | null) => ({ id, enabled: true, offer_id: `OFF-${id}`, marketplace_product_id: null, stock, sale_stock: null });
const product = (publish_mode: 'copy' | 'create') => ({
  offer_id: 'OWN-1',
  publish_mode,
  marketplace_product_id: '777',
  sale_stock: 5,
  variants: [variant('a', 3), variant('b', null)],
});

describe('the offers a product puts on sale (docs/decisions.md, Stock)', () => {
  it('is one offer per enabled variant for a full card', () => {
    expect(saleOffersOf(product('create')).map((offer) => [offer.offer_id, offer.variant_id, offer.collected_stock])).toEqual([
      ['OFF-a', 'a', 3],
      ['OFF-b', 'b', null],
    ]);
  });

  it("is the product's own offer for a copy of a marketplace card, whatever variants were collected (it is sent as one offer)", () => {
    expect(saleOffersOf(product('copy'))).toEqual([{ offer_id: 'OWN-1', variant_id: null, market_product_id: 777, sale_stock: 5, collected_stock: null }]);
    const set = withSaleStock(product('copy'), null, 9);
    expect([set.sale_stock, set.variants.map((v) => v.sale_stock)]).toEqual([9, [null, null]]);
    const full = withSaleStock(product('create'), 'b', 9);
    expect([full.sale_stock, full.variants.map((v) => v.sale_stock)]).toEqual([5, [null, 9]]);
  });
});
