import { apiJson, collectProduct, waitForDownloads } from './api.ts';

/** The category the fake marketplace publishes (家居用品 / 收纳, a scarf's type) and its required brand, none. */
export const SCARF_CATEGORY = { description_category_id: 17028922, type_id: 970895715 } as const;
export const NO_BRAND = { '85': [{ dictionary_value_id: 126745801, value: 'Нет бренда' }] };

/**
 * Collects a product and fills what the ready check needs through the API (the main-flow e2e does the same
 * by hand), then moves it to ready: the publishing e2e starts where that flow ends.
 */
export async function readyProduct(baseUrl: string, token: string, cdn: string, itemId: string, offerId: string): Promise<string> {
  const id = await collectProduct(baseUrl, token, cdn, itemId);
  await waitForDownloads(baseUrl, token, id);
  await apiJson(baseUrl, token, 'PATCH', `/api/products/${id}`, {
    name: `Шарф женский зимний ${offerId}`,
    description: 'Тёплый мягкий шарф из шерсти, 180×30 см.',
    offer_id: offerId,
    weight: 300,
    depth: 200,
    width: 150,
    height: 40,
    pricing: { cost_cny: 20, weight_g: 300 },
  });
  await apiJson(baseUrl, token, 'POST', `/api/products/${id}/stage`, { stage: 'ready' });
  return id;
}

/** Environment for a service whose moderation sweep looks at a new card at once and again within a second. */
export const MARKET_SWEEP_QUICK = {
  PUBLISH_POLL_IDLE: '200ms',
  MARKET_SWEEP_FIRST_MS: '50',
  MARKET_SWEEP_MAX_MS: '200',
  MARKET_RECHECK_MS: '300',
} as const;

/** A ready product with the category, the brand and its offer id as the model name: what the pre-flight passes. */
export async function publishableProduct(baseUrl: string, token: string, cdn: string, itemId: string, offerId: string): Promise<string> {
  const id = await readyProduct(baseUrl, token, cdn, itemId, offerId);
  await apiJson(baseUrl, token, 'PATCH', `/api/products/${id}`, { ...SCARF_CATEGORY, attributes: { ...NO_BRAND, '9048': [{ value: offerId }] } });
  return id;
}

/** A shop bound through the API and its key tried once (which caches its warehouses and limits); its id. */
export async function bindShop(baseUrl: string, token: string, clientId: string, apiKey: string, name = '义乌家居店'): Promise<string> {
  const { id } = await apiJson<{ id: string }>(baseUrl, token, 'POST', '/api/shops', { name, client_id: clientId, api_key: apiKey });
  await apiJson(baseUrl, token, 'POST', `/api/shops/${id}/test`);
  return id;
}

/**
 * A scarf collected with three colour SKUs, its fields and category filled and each colour named in Russian
 * through the API; grey has no colour value yet: the seller picks it on the page.
 */
export async function productWithColours(baseUrl: string, token: string, cdn: string, itemId: string, offerId: string): Promise<string> {
  const skus = [
    { skuId: `${itemId}-r`, label: '酒红色', priceCny: 18, imageUrl: `${cdn}/img/sku-red.jpg` },
    { skuId: `${itemId}-b`, label: '宝蓝色', priceCny: 22, imageUrl: `${cdn}/img/sku-blue.jpg` },
    { skuId: `${itemId}-g`, label: '浅灰色', priceCny: 26, imageUrl: `${cdn}/img/sku-grey.jpg` },
  ];
  const { product_id: id } = await apiJson<{ product_id: string }>(baseUrl, token, 'POST', '/api/materials', {
    product: { id: null },
    source: { platform: '1688', itemId, url: `https://detail.1688.com/offer/${itemId}.html`, collectedAt: Date.now() },
    texts: [{ kind: 'title', content: '女士冬季羊毛围巾 三色' }],
    images: [{ groupKey: 'main', groupName: '主图', variantName: null, url: `${cdn}/img/main-1.jpg`, index: 0, type: 'img', dedupeKey: `${itemId}-main-1` }],
    skus,
  });
  await waitForDownloads(baseUrl, token, id);
  const product = await apiJson<{ variants: { id: string }[] }>(baseUrl, token, 'GET', `/api/products/${id}`);
  const [red, blue, grey] = product.variants;
  await apiJson(baseUrl, token, 'PATCH', `/api/products/${id}`, {
    name: `Шарф женский зимний ${offerId}`,
    description: 'Тёплый мягкий шарф из шерсти, 180×30 см.',
    offer_id: offerId,
    weight: 300,
    depth: 200,
    width: 150,
    height: 40,
    pricing: { cost_cny: 20, weight_g: 300 },
    ...SCARF_CATEGORY,
    attributes: NO_BRAND,
    variants: [
      { id: red!.id, label_ru: 'бордовый', aspects: { '10096': [{ dictionary_value_id: 61573, value: 'красный' }] } },
      { id: blue!.id, label_ru: 'синий', aspects: { '10096': [{ dictionary_value_id: 61574, value: 'синий' }] } },
      { id: grey!.id, label_ru: 'светло-серый' },
    ],
  });
  return id;
}
