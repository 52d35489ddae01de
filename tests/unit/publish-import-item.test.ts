import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { itemOf } from '../helpers/prepare-publish.ts';
import { PUBLIC_BASE, publishableProduct } from '../helpers/publishable-product.ts';

describe('preparePublish: the v3 import item', () => {
  it('carries the flat fields, prices as strings and the description as attribute 4191', () => {
    const item = itemOf();
    expect(item).toMatchObject({
      offer_id: 'BOX-001',
      name: 'Коробка для хранения, 3 шт',
      description_category_id: 17028922,
      type_id: 970895715,
      price: '593',
      old_price: '1186',
      currency_code: 'RUB',
      vat: '0',
      weight: 300,
      weight_unit: 'g',
      depth: 200,
      width: 150,
      height: 100,
      dimension_unit: 'mm',
      primary_image: `${PUBLIC_BASE}/media/p/main.jpg`,
      images: [`${PUBLIC_BASE}/media/p/2.jpg`],
    });
    expect(item.attributes).toEqual([
      { complex_id: 0, id: 85, values: [{ dictionary_value_id: 126745801, value: 'Нет бренда' }] },
      { complex_id: 0, id: 9048, values: [{ value: 'BOX-3' }] },
      { complex_id: 0, id: 4191, values: [{ value: 'Прочная коробка для хранения вещей.' }] },
    ]);
    expect(item).not.toHaveProperty('description');
  });

  it('lets the description win over a stored 4191 value', () => {
    const item = itemOf({ product: publishableProduct({ attributes: { '4191': 'old text' } }) });
    expect(item.attributes.filter((a) => a.id === 4191)).toEqual([{ complex_id: 0, id: 4191, values: [{ value: 'Прочная коробка для хранения вещей.' }] }]);
  });

  it('turns complex attributes into one group per instance', () => {
    const product = publishableProduct({ complex_attributes: { '100001': [{ '21841': [{ value: 'https://v.example.com/1.mp4' }], '21837': 'Видео' }] } });
    expect(itemOf({ product }).complex_attributes).toEqual([
      {
        attributes: [
          { complex_id: 100001, id: 21837, values: [{ value: 'Видео' }] },
          { complex_id: 100001, id: 21841, values: [{ value: 'https://v.example.com/1.mp4' }] },
        ],
      },
    ]);
  });

  it('prices a CNY shop as round2(RUB / the product fx snapshot)', () => {
    const item = itemOf({ currency: 'CNY' });
    expect(item).toMatchObject({ currency_code: 'CNY', price: '51.57', old_price: '103.13' });
  });

  it('sends old_price "0" when there is no crossed-out price above the price', () => {
    const product = publishableProduct({ pricing: { result: { price_rub: 593, old_price_rub: null, fx_rate: 11.5 } }, old_price: null });
    expect(itemOf({ product }).old_price).toBe('0');
  });

  it('converts fractional sizes to whole grams and millimetres', () => {
    const product = publishableProduct({ weight: 0.3, weight_unit: 'kg', depth: 20.5, width: 15, height: 10, dimension_unit: 'cm' });
    expect(itemOf({ product })).toMatchObject({ weight: 300, weight_unit: 'g', depth: 205, width: 150, height: 100, dimension_unit: 'mm' });
  });

  it('sends the primary image plus at most 49 more, whatever the count', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 80 }), (count) => {
        const list = Array.from({ length: count }, (_, i) => `${PUBLIC_BASE}/media/p/${i}.jpg`);
        const item = itemOf({ imageUrls: list });
        expect(item.primary_image).toBe(list[0]);
        expect(item.images).toEqual(list.slice(1, 50));
      }),
    );
  });
});
