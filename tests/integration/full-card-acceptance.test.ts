import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeCdn, startFakeCdn } from '../fakes/cdn.ts';
import { tinyMp4 } from '../fakes/tiny-mp4.ts';
import { type ShopApp, startShopApp, waitForFinalTask } from '../helpers/marketplace-app.ts';
import { PUBLIC_BASE } from '../helpers/publishable-product.ts';
import { NO_BRAND_ID } from '../fakes/ozon-catalog.ts';
import { COLOURS, JPEG, collectedMug, findType, uploadVideo } from '../helpers/full-card-seller.ts';

type Variant = { id: string; label_zh: string; offer_id: string; enabled: boolean; price: number; image_asset_id: string; status: string };
type Sent = { offer_id: string; price: string; primary_image: string; images: string[]; attributes: { id: number; values: Record<string, unknown>[] }[] };
type Refusal = { readonly status: number; readonly code: string; readonly path: string; readonly detail: RegExp };

/** The video cap for this file: a file one byte over it stands for the 200 MB video (the cap is MAX_VIDEO_BYTES, docs/decisions.md, Videos). */
const MAX_VIDEO_BYTES = 1024 * 1024;

/** Issue 20's "Done when", walked through HTTP as a new seller would: one service for the whole file. */
describe('full cards: a 1688 product in three colours published as one card, and bad input that changes nothing', () => {
  let cdn: FakeCdn;
  let shop: ShopApp;
  let productId = '';
  const api = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    shop.t.app.inject({ method, url, headers: shop.t.auth, ...(payload ? { payload } : {}) });
  const product = async () => (await api('GET', `/api/products/${productId}`)).json();
  const importRequests = () => shop.ozon.requests.filter((request) => request.url === '/v3/product/import');
  const valuesOf = (item: Sent, id: number) => item.attributes.find((attribute) => attribute.id === id)?.values;
  const page = (id: string | null, skus: object[]) => collectedMug(cdn.url, id, skus);

  beforeAll(async () => {
    cdn = await startFakeCdn();
    shop = await startShopApp({ PUBLIC_BASE_URL: PUBLIC_BASE, MAX_VIDEO_BYTES: String(MAX_VIDEO_BYTES) });
    shop.ozon.plan = { pendingPolls: 0, outcome: 'imported' };
  });
  afterAll(async () => {
    await shop?.close();
    await cdn?.close();
  });

  it('collect three colours, fix one, switch one off, publish: one request, two items under one model name, two offers exported', async () => {
    const skus = COLOURS.map((label, i) => ({ skuId: `48760${i}`, label, priceCny: 12.8 + i, stock: 100 * i, props: [{ name: '颜色', value: label }] }));
    const collected = await api('POST', '/api/materials', page(null, skus));
    expect(collected.statusCode).toBe(201);
    productId = collected.json().product_id;
    await shop.t.container.cradle.downloadWorker.onIdle();
    const assets: { asset_id: string; variant_name: string | null; stored_url: string }[] = (await api('GET', `/api/products/${productId}/assets`)).json()
      .items;
    const skuPicture = (colour: string) => assets.find((asset) => asset.variant_name === colour)!;
    const [white, blue, green] = (await product()).variants as Variant[];
    expect([white, blue, green].map((v) => [v!.label_zh, v!.enabled, v!.image_asset_id])).toEqual(COLOURS.map((c) => [c, true, skuPicture(c).asset_id]));

    // The category and the colours come from the marketplace through the service, as the page looks them up.
    const category = findType((await api('GET', `/api/categories/tree?shop_id=${shop.shopId}`)).json().categories, 'Коробка для хранения')!;
    const attributes = (
      await api('GET', `/api/categories/${category.description_category_id}/attributes?shop_id=${shop.shopId}&type_id=${category.type_id}`)
    ).json();
    expect(attributes.attributes.filter((a: { is_aspect: boolean }) => a.is_aspect).map((a: { id: number }) => a.id)).toEqual([10096]);
    const colour = async (q: string) => {
      const query = `shop_id=${shop.shopId}&category_id=${category.description_category_id}&type_id=${category.type_id}&q=${encodeURIComponent(q)}`;
      const [value] = (await api('GET', `/api/categories/attribute/10096/values?${query}`)).json().values;
      return { '10096': [{ dictionary_value_id: value.id as number, value: value.value as string }] };
    };
    const filled = await api('PATCH', `/api/products/${productId}`, {
      name: 'Кружка керамическая с крышкой',
      description: 'Керамическая кружка 380 мл с крышкой и ложкой.',
      offer_id: 'MUG-NORD',
      ...{ weight: 420, depth: 120, width: 90, height: 110 },
      ...category,
      attributes: { '85': [{ dictionary_value_id: NO_BRAND_ID, value: 'Нет бренда' }] },
      variants: [
        { id: white!.id, label_ru: 'молочно-белый', aspects: await colour('бел') },
        { id: blue!.id, label_ru: 'дымчато-синий', aspects: await colour('сер') }, // the wrong colour, fixed below
        { id: green!.id, label_ru: 'тёмно-зелёный', aspects: await colour('зел') },
      ],
    });
    expect(filled.statusCode).toBe(200);
    // The fix and the switch: only what changes is carried, the other variant rides along by id.
    const fixed = await api('PATCH', `/api/products/${productId}`, {
      variants: [{ id: white!.id }, { id: blue!.id, aspects: await colour('син') }, { id: green!.id, enabled: false }],
    });
    expect(fixed.statusCode).toBe(200);
    expect((fixed.json().variants as Variant[]).map((v) => v.enabled)).toEqual([true, true, false]);
    expect((await api('POST', `/api/products/${productId}/stage`, { stage: 'ready' })).json().stage).toBe('ready');
    expect((await api('POST', `/api/products/${productId}/publish/check`, { shop_id: shop.shopId })).json()).toEqual({ ok: true, errors: [], warnings: [] });

    const requestsBefore = importRequests().length;
    const published = await api('POST', `/api/products/${productId}/publish`, { shop_id: shop.shopId });
    expect(published.statusCode).toBe(202);
    expect(importRequests().length - requestsBefore).toBe(1);
    const items = JSON.parse(importRequests().at(-1)!.body.toString()).items as Sent[];
    const variants = (await product()).variants as Variant[];
    expect(items.map((item) => item.offer_id)).toEqual(['MUG-NORD-1', 'MUG-NORD-2']);
    expect(items.map((item) => valuesOf(item, 9048))).toEqual([[{ value: 'MUG-NORD' }], [{ value: 'MUG-NORD' }]]);
    // Kept as `/media/…`, sent at PUBLIC_BASE_URL (issue 32 item 1).
    expect(items.map((item) => item.primary_image)).toEqual([
      `${PUBLIC_BASE}${skuPicture('奶白色').stored_url}`,
      `${PUBLIC_BASE}${skuPicture('雾霾蓝').stored_url}`,
    ]);
    expect(items.map((item) => item.price)).toEqual([String(variants[0]!.price), String(variants[1]!.price)]);
    expect(items[0]!.price).not.toBe(items[1]!.price);
    expect(items.map((item) => valuesOf(item, 10096))).toEqual([(await colour('бел'))['10096'], (await colour('син'))['10096']]);
    // No item shows another colour's picture, the switched-off one's neither.
    for (const item of items) expect(item.images.filter((url) => COLOURS.some((c) => `${PUBLIC_BASE}${skuPicture(c).stored_url}` === url))).toEqual([]);

    expect((await waitForFinalTask(shop.t, published.json().task_id)).status).toBe('imported');
    const csv = await api('GET', `/api/export/offers.csv?ids=${productId}&fields=offer_id,variant_label,model_name`);
    expect(
      csv.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n'),
    ).toEqual(['offer_id,variant_label,model_name', 'MUG-NORD-1,молочно-белый,MUG-NORD', 'MUG-NORD-2,дымчато-синий,MUG-NORD']);
  });

  it('each bad input gets a Chinese 4xx naming the field, and changes nothing', async () => {
    const [white, blue, green] = ((await product()).variants as Variant[]).map((variant) => ({ id: variant.id }));
    const other = await api('POST', '/api/products', { name: 'Чашка', offer_id: 'CUP-7' });
    expect(other.statusCode).toBe(201);
    const upload = (file: Buffer) => uploadVideo(shop.t, productId, file);
    const richContent = (value: string) => api('PATCH', `/api/products/${productId}`, { attributes: { '11254': [{ value }] } });
    const white61571 = { '10096': [{ dictionary_value_id: 61571, value: 'белый' }] };
    const foreignPicture = {
      widgetName: 'raShowcase',
      type: 'billboard',
      blocks: [{ img: { src: 'https://cbu01.alicdn.com/a.jpg', srcMobile: 'https://cbu01.alicdn.com/a.jpg', alt: '' } }],
    };
    const cases: [string, () => ReturnType<typeof api>, Refusal][] = [
      [
        'two variants of one colour (with a name change in the same save)',
        () =>
          api('PATCH', `/api/products/${productId}`, {
            name: 'Другая кружка',
            variants: [{ ...white, aspects: white61571 }, { ...blue, aspects: white61571 }, green],
          }),
        {
          status: 422,
          code: 'VARIANT_ASPECTS_DUPLICATE',
          path: '/variants/1/aspects',
          detail: /「奶白色」（MUG-NORD-1）与「雾霾蓝」（MUG-NORD-2）的规格值完全相同/,
        },
      ],
      [
        'a Russian label with Chinese in it',
        () => api('PATCH', `/api/products/${productId}`, { variants: [{ ...white, label_ru: 'белый 奶白' }, blue, green] }),
        { status: 422, code: 'VALIDATION_FAILED', path: '/variants/0/label_ru', detail: /请检查标出的字段/ },
      ],
      [
        'an offer id another product has (on the colour not yet published)',
        () => api('PATCH', `/api/products/${productId}`, { variants: [white, blue, { ...green, offer_id: 'CUP-7' }] }),
        { status: 409, code: 'OFFER_ID_TAKEN', path: '/variants/2/offer_id', detail: /CUP-7 已被其他商品使用/ },
      ],
      [
        '501 SKUs collected onto the product',
        () =>
          api(
            'POST',
            '/api/materials',
            page(
              productId,
              Array.from({ length: 501 }, (_, i) => ({ skuId: `x${i}`, label: `款${i}` })),
            ),
          ),
        { status: 422, code: 'VALIDATION_FAILED', path: '/skus', detail: /请检查标出的字段/ },
      ],
      [
        'a 3-second video',
        () => upload(tinyMp4({ durationMs: 3_000 })),
        { status: 422, code: 'VIDEO_DURATION_OUT_OF_RANGE', path: '/file', detail: /时长 3 秒/ },
      ],
      [
        'a video over the size cap',
        () => upload(tinyMp4({ durationMs: 20_000, mdatBytes: MAX_VIDEO_BYTES + 1 })),
        { status: 413, code: 'VIDEO_TOO_LARGE', path: '/file', detail: /视频超过 1 MB 上限/ },
      ],
      ['a JPEG sent as a video', () => upload(JPEG), { status: 415, code: 'VIDEO_NOT_RECOGNISED', path: '/file', detail: /不是 MP4\/MOV 视频/ }],
      [
        'broken rich-content JSON',
        () => richContent('{"content": ['),
        { status: 422, code: 'RICH_CONTENT_INVALID', path: '/attributes/11254', detail: /^富文本（11254）不是合法的 JSON$/ },
      ],
      [
        'a rich-content picture from a foreign host',
        () => richContent(JSON.stringify({ content: [foreignPicture], version: 0.3 })),
        { status: 422, code: 'RICH_CONTENT_INVALID', path: '/attributes/11254', detail: /不是本服务保存的本商品图片/ },
      ],
    ];

    const mediaFolder = path.join(shop.t.dataDir, 'media', 'products', productId);
    const state = async () => ({
      product: await product(),
      assets: (await api('GET', `/api/products/${productId}/assets`)).json(),
      files: existsSync(mediaFolder) ? readdirSync(mediaFolder).sort() : [],
      imports: importRequests().length,
    });
    const before = await state();
    for (const [name, send, expected] of cases) {
      const answer = await send();
      expect(answer.statusCode, name).toBe(expected.status);
      expect(answer.json(), name).toMatchObject({ code: expected.code, detail: expect.stringMatching(expected.detail) });
      expect(answer.json().detail, name).toMatch(/[\u4e00-\u9fff]/);
      const problems: { path: string; message: string }[] = answer.json().errors ?? [];
      expect(
        problems.map((problem) => problem.path),
        name,
      ).toContain(expected.path);
      for (const problem of problems) expect(problem.message, name).toMatch(/[\u4e00-\u9fff]/);
      expect(await state(), name).toEqual(before);
    }
  });
});
