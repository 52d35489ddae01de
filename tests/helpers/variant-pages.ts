/** The collected 1688 pages and the product calls of the variants tests. */
import { type TestApp } from './test-app.ts';

/** A variant as the API answers it. */
export type VariantJson = {
  id: string;
  label_zh: string;
  label_ru: string | null;
  offer_id: string | null;
  enabled: boolean;
  cost_cny: number | null;
  price: number | null;
  old_price: number | null;
  image_asset_id: string | null;
  stock: number | null;
  aspects: Record<string, unknown>;
};

/** Aspect values of attribute 10096 (colour) from its dictionary. */
export const RED = { '10096': [{ dictionary_value_id: 61574, value: 'красный' }] };
export const BLUE = { '10096': [{ dictionary_value_id: 61586, value: 'синий' }] };

/** A collected 1688 page with three colours; no download runs (the app is not started), so the addresses are never fetched. */
export const page = (itemId: string, skus: unknown[], productId: string | null = null) => ({
  product: { id: productId },
  source: { platform: '1688', itemId, url: `https://detail.1688.com/offer/${itemId}.html`, collectedAt: 1_764_000_000_000 },
  texts: [{ kind: 'title', content: '硅胶杯' }],
  images: [{ groupKey: 'sku', groupName: 'SKU', variantName: '红色', url: 'http://127.0.0.1:9/red.jpg', index: 0, type: 'img', dedupeKey: 'red' }],
  skus,
});
/** Three SKUs: red with its price, blue with its price and picture, white out of stock. */
export const THREE = [
  { skuId: '1', label: '红色', priceCny: 18 },
  { skuId: '2', label: '蓝色', priceCny: 25, imageUrl: 'http://127.0.0.1:9/blue.jpg' },
  { skuId: '3', label: '白色', stock: 0 },
];

/** The calls the variants tests make on the app `app()` answers once started, with `collected(itemId)` answering a new product of THREE. */
export function variantsApi(app: () => TestApp) {
  const collect = (body: unknown) => app().app.inject({ method: 'POST', url: '/api/materials', headers: app().auth, payload: body as object });
  const patch = (id: string, payload: Record<string, unknown>) =>
    app().app.inject({ method: 'PATCH', url: `/api/products/${id}`, headers: app().auth, payload });
  const get = async (id: string) => (await app().app.inject({ method: 'GET', url: `/api/products/${id}`, headers: app().auth })).json();
  const collected = async (itemId: string) => (await collect(page(itemId, THREE))).json().product_id as string;
  return { collect, patch, get, collected };
}
