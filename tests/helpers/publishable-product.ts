import { DEFAULT_PRICING_POLICY } from '../../src/domain/pricing/pricing.ts';
import { type Variant, newVariant } from '../../src/domain/variants/variant.ts';
import { priceProduct } from '../../src/domain/variants/variant-pricing.ts';
import { type NewProductFields, type Product, newProduct } from '../../src/domain/catalog/product.ts';

export const PUBLIC_BASE = 'https://lws.example.com';

/** A product that passes every publish check (stage ready, priced, sized, with absolute public images). */
export function publishableProduct(overrides: Partial<NewProductFields> = {}, now = '2026-11-21T10:00:00.000Z'): Product {
  return newProduct(
    {
      id: '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b',
      stage: 'ready',
      source_platform: '1688',
      name: 'Коробка для хранения, 3 шт',
      description: 'Прочная коробка для хранения вещей.',
      offer_id: 'BOX-001',
      price: 593,
      old_price: 1186,
      currency_code: 'RUB',
      weight: 300,
      weight_unit: 'g',
      depth: 200,
      width: 150,
      height: 100,
      dimension_unit: 'mm',
      description_category_id: 17028922,
      type_id: 970895715,
      fx_rate: 11.5,
      pricing: { cost_cny: 20, weight_g: 300, result: { price_rub: 593, old_price_rub: 1186, fx_rate: 11.5 } },
      primary_image: `${PUBLIC_BASE}/media/p/main.jpg`,
      images: [`${PUBLIC_BASE}/media/p/main.jpg`, `${PUBLIC_BASE}/media/p/2.jpg`],
      attributes: { '85': [{ dictionary_value_id: 126745801, value: 'Нет бренда' }], '9048': 'BOX-3' },
      ...overrides,
    },
    now,
  );
}

/**
 * A copy of a marketplace card (docs/decisions.md, Follow-selling): the publishable product collected from the marketplace
 * page with SKU `sku`, priced, without description, category, attributes, pictures or size.
 */
export function copyableProduct(sku: number, overrides: Partial<NewProductFields> = {}, now?: string): Product {
  const url = `https://www.ozon.ru/product/kruzhka-keramicheskaya-${sku}/`;
  return publishableProduct(
    {
      source_platform: 'ozon',
      source_item_id: String(sku),
      source_url: url,
      sources: [{ platform: 'ozon', item_id: String(sku), url }],
      publish_mode: 'copy',
      description: '',
      description_category_id: null,
      type_id: null,
      attributes: {},
      primary_image: null,
      images: null,
      depth: null,
      width: null,
      height: null,
      ...overrides,
    },
    now,
  );
}

/** Three colours of the publishable product, priced by the policy, each with its SKU picture (`images/sku-{n}.jpg`). */
export function publishableVariants(overrides: Partial<NewProductFields> = {}): { product: Product; variantImage: (variant: Variant) => string | undefined } {
  const colours = [
    ['红色', 'красный', 61573, 18],
    ['蓝色', 'синий', 61574, 25],
    ['灰色', 'серый', 61576, null],
  ] as const;
  const variants = colours.map(([zh, ru, valueId, cost], index) =>
    newVariant({
      id: `00000000-0000-4000-8000-00000000000${index + 1}`,
      seq: index + 1,
      label_zh: zh,
      label_ru: ru,
      offer_id: `BOX-001-${index + 1}`,
      cost_cny: cost,
      image_asset_id: `asset-${index + 1}`,
      aspects: { '10096': [{ dictionary_value_id: valueId, value: ru }] },
    }),
  );
  const { '9048': _model, ...attributes } = publishableProduct().attributes;
  const product = priceProduct(publishableProduct({ attributes, variants, ...overrides }), 11.5, DEFAULT_PRICING_POLICY);
  return { product, variantImage: (variant) => (variant.image_asset_id ? `${PUBLIC_BASE}/media/p/sku-${variant.image_asset_id.slice(-1)}.jpg` : undefined) };
}
