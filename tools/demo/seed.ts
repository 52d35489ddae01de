import { type PictureHost } from './picture-host.ts';
import { SAMPLES, type Sample, sourceUrl } from './samples.ts';

/** What seeding made that a later start needs: the shop and the watermarked pictures' stored addresses. */
export type Seeded = { readonly shopId: string; readonly productIds: string[]; readonly watermarked: string[] };

export type SeedInput = {
  readonly baseUrl: string;
  readonly username: string;
  readonly password: string;
  readonly shop: { readonly name: string; readonly clientId: string; readonly apiKey: string; readonly defaultStock: number };
  readonly pictures: PictureHost;
};

type Call = <T>(method: string, path: string, body?: unknown) => Promise<T>;

function client(baseUrl: string, token: string | null): Call {
  return async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path} → ${response.status}: ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  };
}

/** POST /api/materials as the extension sends it from a product page: texts, main/SKU/detail pictures, SKUs by colour. */
function materialsOf(sample: Sample, pictures: PictureHost): unknown {
  const picture = (groupKey: 'main' | 'sku' | 'detail', groupName: string, name: string, index: number, variantName: string | null = null) => ({
    groupKey,
    groupName,
    variantName,
    url: pictures.urlOf(`${sample.key}-${name}`),
    index,
    type: 'img',
    dedupeKey: `${sample.itemId}-${name}`,
  });
  return {
    product: { id: null },
    source: { platform: sample.platform, itemId: sample.itemId, url: sourceUrl(sample), collectedAt: Date.now() },
    texts: [
      { kind: 'title', content: sample.title },
      { kind: 'price', content: sample.priceText ?? `¥${sample.priceCny.toFixed(2)}` },
      { kind: 'params', content: '', pairs: sample.params.map(([key, value]) => ({ key, value })) },
      { kind: 'selling_point', content: sample.sellingPoint },
    ],
    images: [
      picture('main', '主图', 'main-0', 0),
      picture('main', '主图', 'main-1', 1),
      ...(sample.singleOffer ? [] : sample.colours.map(([label], index) => picture('sku', 'SKU图', `sku-${index}`, index, label))),
      picture('detail', '详情图', 'detail-0', 0),
      picture('detail', '详情图', 'detail-1', 1),
    ],
    skus: (sample.singleOffer ? [] : sample.colours).map(([label], index) => ({
      skuId: `${sample.itemId}-${index + 1}`,
      label,
      priceCny: sample.priceCny,
      stock: 200 + index * 50,
      imageUrl: pictures.urlOf(`${sample.key}-sku-${index}`),
      props: [{ name: '颜色', value: label }],
    })),
    refererOrigin: new URL(sourceUrl(sample)).origin,
  };
}

type Asset = { status: string; source_url: string; stored_url: string };

async function storedAssets(call: Call, productId: string): Promise<Asset[]> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const answer = await call<Asset[] | { items: Asset[] }>('GET', `/api/products/${productId}/assets`);
    const assets = Array.isArray(answer) ? answer : answer.items;
    if (assets.length > 0 && assets.every((asset) => asset.status === 'stored' || asset.status === 'failed')) return assets;
    if (Date.now() > deadline) throw new Error(`the pictures of ${productId} were not downloaded: ${JSON.stringify(assets)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * Fills a new demo through the service's own HTTP API, as a seller and the extension would: the shop bound to the
 * stand-in marketplace with its first ordinary warehouse and a default stock, then every sample collected.
 */
export async function seedDemo(input: SeedInput): Promise<Seeded> {
  const login = await client(input.baseUrl, null)<{ access_token: string }>('POST', '/api/auth/login', { username: input.username, password: input.password });
  const call = client(input.baseUrl, login.access_token);
  const shop = await call<{ id: string }>('POST', '/api/shops', { name: input.shop.name, client_id: input.shop.clientId, api_key: input.shop.apiKey });
  // Tested as a seller's first click on the shops screen does: an untested shop cannot publish.
  await call('POST', `/api/shops/${shop.id}/test`);
  const { items: warehouses } = await call<{ items: { warehouse_id: number; is_kgt: boolean }[] }>('GET', `/api/shops/${shop.id}/warehouses`);
  const warehouse = warehouses.find((candidate) => !candidate.is_kgt) ?? warehouses[0];
  await call('PATCH', `/api/shops/${shop.id}`, { default_warehouse_id: warehouse?.warehouse_id ?? null, default_stock: input.shop.defaultStock });

  const productIds: string[] = [];
  const watermarked: string[] = [];
  for (const sample of SAMPLES) {
    const { product_id: productId } = await call<{ product_id: string }>('POST', '/api/materials', materialsOf(sample, input.pictures));
    productIds.push(productId);
  }
  // Downloads run in the background; wait for them so the first screen shows every picture.
  for (const [index, productId] of productIds.entries()) {
    const assets = await storedAssets(call, productId);
    const sample = SAMPLES[index]!;
    if (sample.watermarked) {
      const main = input.pictures.urlOf(`${sample.key}-main-0`);
      watermarked.push(...assets.filter((asset) => asset.source_url === main && asset.stored_url).map((asset) => asset.stored_url));
    }
  }
  return { shopId: shop.id, productIds, watermarked };
}
