import { isObject } from './openapi-replay.ts';

/** The examples tell one story; this is its order, so every id a request names was created before it. */
export const ORDER = [
  'getHealth',
  'postAuthLogin',
  'getAuthSession',
  'getAuthMe',
  'getUsers',
  'postUsers',
  'patchUsersId',
  'postAuthPassword',
  'getAudit',
  'postShops',
  'getShops',
  'getShopsId',
  'postShopsIdTest',
  'getShopsIdLimits',
  'getShopsIdWarehouses',
  'patchShopsId',
  'postShopsIdWebhooks',
  'getShopsIdWebhooks',
  'postShopsIdWebhooksWidTest',
  'deleteShopsIdWebhooksWid',
  'getNotifications',
  'postNotificationsRead',
  'getCategoriesTree',
  'getCategoriesCategoryIdAttributes',
  'getCategoriesAttributeAttributeIdValues',
  'getPricingPolicy',
  'getFx',
  'postPricingQuote',
  'postProducts',
  'getProducts',
  'getProductsId',
  'patchProductsId',
  'postMaterialsBytes',
  'postMaterials',
  'getCollected',
  'getProductsIdFingerprints',
  'getProductsIdAssets',
  'postProductsIdAssetsRetry',
  'getProxyImage',
  'postImageUploadToken',
  'putUploadsTicket',
  'putProductsIdVideoCover',
  'getExtProfiles',
  'putExtProfiles',
  'postExtLogs',
  'getExtLogs',
  'getAiModels',
  'postAiCopy',
  'postProductsIdCopyApply',
  'postSuitePlan',
  'postSuiteGenerate',
  'getSuitesId',
  'getSuitesIdZip',
  'getProductsIdSuites',
  'postSuiteImageEdit',
  'postImageEdit',
  'postImageSuite',
  'postImageTranslate',
  'getJobsId',
  'postProductsBulk',
  'getExportInfo',
  'getMediaPublicAddress',
  'getExportProductsCsv',
  'getExportOffersCsv',
  'getExportTrialCsv',
  'postExportImages',
  'postProductsIdStage',
  'postProductsIdPublishCheck',
  'postProductsIdPublish',
  'getPublishTaskId',
  'getProductsIdPublishHistory',
  'getProductsIdMarket',
  'postProductsIdMarketAction',
  'postStock',
  'getProductsIdStock',
  'getPublishQueue',
  'deletePublishQueueId',
  'postPublish',
  'postProductsIdRichContent',
  'deleteProductsIdAssetsAssetId',
  'deleteProductsId',
  'deleteShopsId',
  'deleteUsersId',
];

/** Path values that are the marketplace's own stable ids, not something an earlier answer created. */
export const STABLE_PATH_VALUES = new Set([
  'getCategoriesCategoryIdAttributes category_id',
  'getCategoriesAttributeAttributeIdValues attribute_id',
  // One of archive, unarchive, delete: a word of the API, not an id an answer gives.
  'postProductsIdMarketAction action',
]);

/** What the text model answers: the listing copy, then the suite plan. */
export const COPY_ANSWER = {
  title_ru: 'Коробка для хранения с крышкой, складная, 3 шт',
  description_ru: 'Складные коробки из плотного нетканого материала с крышкой.',
  tags: ['коробка для хранения', 'органайзер'],
  text_zh: '带盖可折叠收纳箱 3 件套',
};
export const PLAN_ANSWER = {
  summary: '白底图、卖点图和场景图',
  items: [
    { kind: 'white_bg', title: '白底主图', detail: '三件套并排', prompt_hint: 'three boxes on white', count: 1, variant_name: null },
    { kind: 'selling_points', title: '卖点', detail: '可折叠、带盖', prompt_hint: 'foldable, lid', count: 2, variant_name: null },
    { kind: 'lifestyle', title: '场景', detail: '衣柜里', prompt_hint: 'in a wardrobe', count: 5, variant_name: null },
  ],
};

/**
 * The example body with one field's value swapped for another JSON type the schema refuses (the first field and
 * type that are refused). Multipart fields are text, so there the number is sent as text.
 */
export function wrongTyped(example: Record<string, unknown>, refuses: (body: object) => boolean): { body: object; field: string; value: unknown } | undefined {
  for (const [field, value] of Object.entries(example)) {
    const candidates = [12345, 'text', true, ['text'], { text: 1 }, null].filter((candidate) => typeOf(candidate) !== typeOf(value));
    for (const candidate of candidates) {
      const body = { ...example, [field]: candidate };
      if (refuses(body)) return { body, field, value: candidate };
    }
  }
  return undefined;
}
const typeOf = (value: unknown) => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value);

/** Each schema's `default` with the pointer of its schema (property maps and an operation's responses are not schemas). */
export function defaultsIn(value: unknown, pointer = '#', key = ''): [string, unknown][] {
  if (!isObject(value) || key === 'example') return [];
  const own: [string, unknown][] = 'default' in value && !['properties', 'patternProperties', 'responses'].includes(key) ? [[pointer, value.default]] : [];
  const segment = (name: string) => encodeURIComponent(name.replace(/~/g, '~0').replace(/\//g, '~1'));
  return [
    ...own,
    ...Object.entries(value).flatMap(([name, child]) =>
      Array.isArray(child)
        ? child.flatMap((item, index) => defaultsIn(item, `${pointer}/${segment(name)}/${index}`, ''))
        : defaultsIn(child, `${pointer}/${segment(name)}`, name),
    ),
  ];
}

/** Polls `done` (bounded; nothing asserts on how long it took). */
export async function until(done: () => Promise<boolean>, limitMs = 30_000): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (!(await done()) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
}

/**
 * The signed upload address is opaque by design (ticket and signature are not separate fields, so no link can
 * name them): the ticket and signature of the example address stand for those of the real one.
 */
export function pairUploadUrl(example: unknown, real: unknown, linked: Map<string, string>): void {
  const parts = (answer: unknown) => {
    const url = new URL(String(isObject(answer) ? answer.upload_url : ''), 'https://lws.example.com');
    return { ticket: url.pathname.split('/').pop()!, sig: url.searchParams.get('sig')! };
  };
  const [from, to] = [parts(example), parts(real)];
  linked.set(`putUploadsTicket ticket ${from.ticket}`, to.ticket);
  linked.set(`putUploadsTicket sig ${from.sig}`, to.sig);
}
