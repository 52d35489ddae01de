import { EXAMPLE } from './ids.ts';

/** The uploaded photo as a stored asset. */
export const UPLOADED_ASSET = {
  asset_id: EXAMPLE.assetId,
  product_id: EXAMPLE.productId,
  group_key: 'main',
  group_name: '主图',
  variant_name: null,
  type: 'img',
  index: 0,
  dedupe_key: 'upload-main-0',
  source_url: '',
  stored_url: `${EXAMPLE.publicBase}/media/products/${EXAMPLE.productId}/${EXAMPLE.assetId}.jpg`,
  status: 'stored',
  error: null,
  attempts: 0,
  content_type: 'image/jpeg',
  bytes: 48213,
  width: 800,
  height: 800,
  sha256: '6604a0d15840812f492f5587eae150c0b2064413da3ff71fcfb79b2f31c8b348',
  created_at: EXAMPLE.updatedAt,
  updated_at: EXAMPLE.updatedAt,
};

/** The server's price computation kept in `pricing.result` (price_rub becomes `price`). */
const pricingResult = (markup: number, price: number, profit: number) => ({
  tier: 'low',
  weight_band: 1,
  logistics_cny: 13.5,
  landed_rub: 385.25,
  net_ratio: 0.845,
  commission_percent: 15.5,
  markup_percent: markup,
  reserve_discount_percent: 50,
  price_rub: price,
  old_price_rub: price * 2,
  profit_rub: profit,
  fx_rate: 11.5,
});

export const COPY_DRAFT = {
  title_ru: 'Коробка для хранения с крышкой, складная, 3 шт',
  description_ru: 'Складные коробки из плотного нетканого материала с крышкой.',
  tags: ['коробка для хранения', 'органайзер'],
  hashtags: '#коробка_для_хранения #органайзер',
  text_zh: '带盖可折叠收纳箱 3 件套',
  model: 'deepseek-chat',
};

/** The manual product's detail: as created (version 1), after the autosave (2), after its photo and copy (ready). */
export function productDetail(state: 'created' | 'patched' | 'ready') {
  const patched = state !== 'created';
  const ready = state === 'ready';
  const price = patched ? 867 : 593;
  return {
    id: EXAMPLE.productId,
    stage: ready ? 'ready' : 'editing',
    version: { created: 1, patched: 2, ready: 5 }[state],
    name: ready ? COPY_DRAFT.title_ru : 'Коробка для хранения с крышкой, 3 шт',
    description: ready ? COPY_DRAFT.description_ru : 'Прочная складная коробка для хранения одежды и игрушек.',
    offer_id: 'BOX-001',
    price,
    old_price: price * 2,
    currency_code: 'RUB',
    vat: '0',
    weight: 300,
    weight_unit: 'g',
    depth: 200,
    width: 150,
    height: 100,
    dimension_unit: 'mm',
    barcode: patched ? '4601234567893' : '',
    description_category_id: 17028922,
    type_id: 970895715,
    primary_image: ready ? UPLOADED_ASSET.stored_url : null,
    images: ready ? [UPLOADED_ASSET.stored_url] : [],
    source_platform: null,
    source_item_id: '',
    source_url: '',
    sources: [],
    marketplace_product_id: null,
    published_at: null,
    fx_rate: 11.5,
    raw: {},
    pricing: {
      cost_cny: 20,
      weight_g: 300,
      fx_rate: 11.5,
      ...(patched ? { markup_percent: 90 } : {}),
      result: patched ? pricingResult(90, 867, 347.37) : pricingResult(30, 593, 115.84),
    },
    copy: ready ? { ...COPY_DRAFT, generated_at: EXAMPLE.updatedAt } : {},
    attributes: { '85': [{ dictionary_value_id: 126745801, value: 'Нет бренда' }], '9048': 'BOX-3' },
    complex_attributes: {},
    assets: ready ? [UPLOADED_ASSET] : [],
    variants: [],
    sale_stock: null,
    allowed_moves: ready ? ['editing'] : [],
    ready_problems: ready ? [] : [{ path: '/images', message: '至少需要一张已保存的图片' }],
    created_at: EXAMPLE.createdAt,
    updated_at: patched ? EXAMPLE.updatedAt : EXAMPLE.createdAt,
    created_by: 'app-token',
    updated_by: 'app-token',
  };
}

/** The manual product as the list shows it. */
export const PRODUCT_SUMMARY = {
  id: EXAMPLE.productId,
  stage: 'editing',
  name: 'Коробка для хранения с крышкой, 3 шт',
  offer_id: 'BOX-001',
  price: 593,
  source_platform: null,
  source_url: '',
  asset_count: { main: 0, sku: 0, detail: 0 },
  failed_assets: 0,
  thumbnail_url: null,
  market_state: null,
  price_index: null,
  content_rating: null,
  real_margin_percent: null,
  planned_margin_percent: null,
  below_margin_floor: false,
  marketplace_product_id: null,
  created_at: EXAMPLE.createdAt,
  updated_at: EXAMPLE.createdAt,
  created_by: 'app-token',
  updated_by: 'app-token',
};
