import { APP_TOKEN } from './service.ts';

/** Talks to the running service the way the extension does (the browser tests' "collect" step). */
export async function apiLogin(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token: APP_TOKEN }),
  });
  if (!response.ok) throw new Error(`login failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

export async function apiJson<T>(baseUrl: string, token: string, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} → ${response.status}: ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** POST /api/materials with two downloadable photos and one that 404s, as collected on 1688. */
export async function collectProduct(baseUrl: string, token: string, cdn: string, itemId: string): Promise<string> {
  const body = {
    product: { id: null },
    source: { platform: '1688', itemId, url: `https://detail.1688.com/offer/${itemId}.html`, collectedAt: Date.now() },
    texts: [
      { kind: 'title', content: '女士冬季加厚保暖羊毛围巾' },
      { kind: 'price', content: '¥20.00' },
      {
        kind: 'params',
        content: '',
        pairs: [
          { key: '材质', value: '羊毛' },
          { key: '尺寸', value: '180×30cm' },
        ],
      },
      { kind: 'selling_point', content: '柔软亲肤，保暖不起球' },
    ],
    images: [
      { groupKey: 'main', groupName: '主图', variantName: null, url: `${cdn}/img/main-1.jpg`, index: 0, type: 'img', dedupeKey: `${itemId}-main-1` },
      { groupKey: 'detail', groupName: '详情图', variantName: null, url: `${cdn}/img/detail-1.jpg`, index: 0, type: 'img', dedupeKey: `${itemId}-detail-1` },
      { groupKey: 'detail', groupName: '详情图', variantName: null, url: `${cdn}/img/missing.jpg`, index: 1, type: 'img', dedupeKey: `${itemId}-detail-2` },
    ],
    refererOrigin: 'https://detail.1688.com',
  };
  const answer = await apiJson<{ product_id: string }>(baseUrl, token, 'POST', '/api/materials', body);
  return answer.product_id;
}

type AssetRow = { status: string };

/** Waits until no asset of the product is pending or downloading. */
export async function waitForDownloads(baseUrl: string, token: string, productId: string): Promise<AssetRow[]> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const answer = await apiJson<AssetRow[] | { items?: AssetRow[]; assets?: AssetRow[] }>(baseUrl, token, 'GET', `/api/products/${productId}/assets`);
    const assets = Array.isArray(answer) ? answer : (answer.items ?? answer.assets ?? []);
    if (assets.length > 0 && assets.every((asset) => asset.status === 'stored' || asset.status === 'failed')) return assets;
    if (Date.now() > deadline) throw new Error(`downloads did not finish: ${JSON.stringify(assets)}`);
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}
