import { apiJson } from './api.ts';

/** A collected product on any platform, with one stored main photo (and, when asked, one image that 404s). */
export async function collectOn(baseUrl: string, token: string, cdn: string, platform: '1688' | 'taobao', itemId: string, title: string, withFailure = false, productId: string | null = null): Promise<string> {
  const url = platform === '1688' ? `https://detail.1688.com/offer/${itemId}.html` : `https://item.taobao.com/item.htm?id=${itemId}`;
  const images = [{ groupKey: 'main', groupName: '主图', variantName: null, url: `${cdn}/img/main-1.jpg`, index: 0, type: 'img', dedupeKey: `${itemId}-main-1` }];
  if (withFailure) images.push({ groupKey: 'detail', groupName: '详情图', variantName: null, url: `${cdn}/img/missing.jpg`, index: 0, type: 'img', dedupeKey: `${itemId}-missing` });
  const body = {
    product: { id: productId },
    source: { platform, itemId, url, collectedAt: Date.now() },
    texts: [
      { kind: 'title', content: title },
      { kind: 'price', content: '¥18.50-25.00' },
      { kind: 'params', content: '', pairs: [{ key: '材质', value: '棉' }, { key: '重量', value: '320g' }] },
    ],
    images,
    refererOrigin: new URL(url).origin,
  };
  return (await apiJson<{ product_id: string }>(baseUrl, token, 'POST', '/api/materials', body)).product_id;
}

/** A product made by hand (no source platform). */
export async function createManual(baseUrl: string, token: string, name: string): Promise<string> {
  return (await apiJson<{ id: string }>(baseUrl, token, 'POST', '/api/products', { name })).id;
}

export type BulkResult = { product_id: string; ok: boolean; code?: string; detail?: string; job_id?: string };

export async function bulk(baseUrl: string, token: string, productIds: readonly string[], action: string, params: Record<string, unknown> = {}): Promise<BulkResult[]> {
  return (await apiJson<{ results: BulkResult[] }>(baseUrl, token, 'POST', '/api/products/bulk', { product_ids: productIds, action, params })).results;
}
