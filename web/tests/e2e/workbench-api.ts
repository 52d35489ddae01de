import { apiJson, waitForDownloads } from './api.ts';

/** A collected product on any platform, with one stored main photo (and, when asked, one image that 404s). */
export async function collectOn(
  baseUrl: string,
  token: string,
  cdn: string,
  platform: '1688' | 'taobao',
  itemId: string,
  title: string,
  withFailure = false,
  productId: string | null = null,
): Promise<string> {
  const url = platform === '1688' ? `https://detail.1688.com/offer/${itemId}.html` : `https://item.taobao.com/item.htm?id=${itemId}`;
  const images = [
    { groupKey: 'main', groupName: '主图', variantName: null, url: `${cdn}/img/main-1.jpg`, index: 0, type: 'img', dedupeKey: `${itemId}-main-1` },
  ];
  if (withFailure)
    images.push({
      groupKey: 'detail',
      groupName: '详情图',
      variantName: null,
      url: `${cdn}/img/missing.jpg`,
      index: 0,
      type: 'img',
      dedupeKey: `${itemId}-missing`,
    });
  const body = {
    product: { id: productId },
    source: { platform, itemId, url, collectedAt: Date.now() },
    texts: [
      { kind: 'title', content: title },
      { kind: 'price', content: '¥18.50-25.00' },
      {
        kind: 'params',
        content: '',
        pairs: [
          { key: '材质', value: '棉' },
          { key: '重量', value: '320g' },
        ],
      },
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

export async function bulk(
  baseUrl: string,
  token: string,
  productIds: readonly string[],
  action: string,
  params: Record<string, unknown> = {},
): Promise<BulkResult[]> {
  return (await apiJson<{ results: BulkResult[] }>(baseUrl, token, 'POST', '/api/products/bulk', { product_ids: productIds, action, params })).results;
}

type Listed = { items: { asset_id: string; group_key: string; stored_url: string; translated_from?: string | null }[] };

/**
 * Two detail pictures appended to a 1688 product (`img/sku-red.jpg`, `img/sku-blue.jpg`), the second translated
 * through the API as the page's 图片翻译 does (the DashScope image model); answers them and every translation.
 */
export async function translatedDetail(baseUrl: string, token: string, cdn: string, productId: string, itemId: string) {
  const detail = (file: string, index: number) => ({
    groupKey: 'detail',
    groupName: '详情图',
    variantName: null,
    url: `${cdn}/img/${file}`,
    index,
    type: 'img',
    dedupeKey: `detail-${index}`,
  });
  const source = { platform: '1688', itemId, url: `https://detail.1688.com/offer/${itemId}.html`, collectedAt: Date.now() };
  await apiJson(baseUrl, token, 'POST', '/api/materials', {
    product: { id: productId },
    source,
    texts: [],
    images: [detail('sku-red.jpg', 0), detail('sku-blue.jpg', 1)],
  });
  await waitForDownloads(baseUrl, token, productId);
  const listed = async () => (await apiJson<Listed>(baseUrl, token, 'GET', `/api/products/${productId}/assets`)).items;
  const details = (await listed()).filter((asset) => asset.group_key === 'detail');
  const { job_id } = await apiJson<{ job_id: string }>(baseUrl, token, 'POST', '/api/image/translate', {
    product_id: productId,
    asset_ids: [details[1]!.asset_id],
    model: 'qwen-image-edit-plus',
  });
  for (let tries = 0; (await apiJson<{ status: string }>(baseUrl, token, 'GET', `/api/jobs/${job_id}`)).status !== 'done'; tries += 1) {
    if (tries > 150) throw new Error('the translation did not finish');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { details, translations: (await listed()).filter((asset) => asset.group_key === 'translated') };
}
