import { type OperationExample } from '../openapi-examples.ts';
import { buildRichContent } from '../../../domain/catalog/rich-content.ts';
import { EXAMPLE } from './ids.ts';
import { COPY_DRAFT, PRODUCT_SUMMARY, productDetail } from './product-bodies.ts';

const product = { id: '$response.body#/id' };
const PRODUCT_LINKS = {
  GetProduct: { operationId: 'getProductsId', parameters: product, description: '读取这个商品' },
  UpdateProduct: { operationId: 'patchProductsId', parameters: { ...product, 'if-match': '$response.body#/version' }, description: '自动保存修改' },
  MoveStage: { operationId: 'postProductsIdStage', parameters: product, description: '改变阶段' },
  DeleteProduct: { operationId: 'deleteProductsId', parameters: product, description: '归档或删除' },
  ListAssets: { operationId: 'getProductsIdAssets', parameters: product, description: '它的图片' },
  RetryAssets: { operationId: 'postProductsIdAssetsRetry', parameters: product, description: '重新下载失败的图片' },
  VideoCover: { operationId: 'putProductsIdVideoCover', parameters: product, description: '选视频封面' },
  Fingerprints: { operationId: 'getProductsIdFingerprints', parameters: product, description: '已采集图片的 dedupeKey' },
  ApplyCopy: { operationId: 'postProductsIdCopyApply', parameters: product, description: '确认生成的文案' },
  RichContent: { operationId: 'postProductsIdRichContent', parameters: product, description: '生成富文本（11254）' },
  ListSuites: { operationId: 'getProductsIdSuites', parameters: product, description: '它的套图任务' },
  CheckPublish: { operationId: 'postProductsIdPublishCheck', parameters: product, description: '发布前检查' },
  Publish: { operationId: 'postProductsIdPublish', parameters: product, description: '发布到平台' },
  PublishHistory: { operationId: 'getProductsIdPublishHistory', parameters: product, description: '发布记录' },
  MarketState: { operationId: 'getProductsIdMarket', parameters: product, description: '在平台上的状态（审核、在售、归档）' },
  MarketAction: { operationId: 'postProductsIdMarketAction', parameters: product, description: '在平台上归档、恢复或删除（与本服务的归档分开）' },
  Stock: { operationId: 'getProductsIdStock', parameters: product, description: '它在各仓库的库存发送情况' },
  LeaveQueue: { operationId: 'deletePublishQueueId', parameters: product, description: '移出发布队列' },
};

/** Products: manual creation, the list, autosave, stage moves, bulk actions and their jobs. */
export const PRODUCT_EXAMPLES: Record<string, OperationExample> = {
  postProductsIdRichContent: {
    parameters: { id: EXAMPLE.productId },
    body: { images: 'detail', text: true },
    status: 200,
    answer: {
      rich_content: buildRichContent([], [COPY_DRAFT.title_ru, COPY_DRAFT.description_ru]),
      warnings: ['商品没有已保存的详情图或图片翻译，富文本里没有图片'],
    },
  },
  postProducts: {
    body: {
      name: 'Коробка для хранения с крышкой, 3 шт',
      description: 'Прочная складная коробка для хранения одежды и игрушек.',
      offer_id: 'BOX-001',
      weight: 300,
      depth: 200,
      width: 150,
      height: 100,
      description_category_id: 17028922,
      type_id: 970895715,
      pricing: { cost_cny: 20, weight_g: 300, fx_rate: 11.5 },
      attributes: { '85': [{ dictionary_value_id: 126745801, value: 'Нет бренда' }], '9048': 'BOX-3' },
    },
    status: 201,
    answer: productDetail('created'),
    links: PRODUCT_LINKS,
  },
  getProducts: {
    parameters: { q: 'Коробка', stage: 'editing', sort: '-updated_at', page: 1, page_size: 20 },
    status: 200,
    answer: {
      total: 1,
      items: [PRODUCT_SUMMARY],
      stage_counts: { collected: 0, editing: 1, ready: 0, published: 0, archived: 0 },
      market_state_counts: { moderating: 0, declined: 0, on_sale: 0, no_stock: 0, not_visible: 0, archived: 0 },
    },
  },
  getProductsId: { parameters: { id: EXAMPLE.productId }, status: 200, answer: productDetail('created') },
  patchProductsId: {
    parameters: { id: EXAMPLE.productId, 'if-match': '1' },
    body: { barcode: '4601234567893', pricing: { markup_percent: 90 } },
    status: 200,
    answer: productDetail('patched'),
  },
  postProductsIdStage: { parameters: { id: EXAMPLE.productId }, body: { stage: 'ready' }, status: 200, answer: productDetail('ready') },
  deleteProductsId: { parameters: { id: EXAMPLE.collectedId, hard: true }, status: 204 },
  postProductsBulk: {
    body: { product_ids: [EXAMPLE.collectedId], action: 'stage', params: { stage: 'editing' } },
    status: 200,
    answer: { results: [{ product_id: EXAMPLE.collectedId, ok: true }] },
    links: {
      GetJob: { operationId: 'getJobsId', parameters: { id: '$response.body#/results/0/job_id' }, description: 'copy、suite 的排队任务进度' },
    },
  },
  getJobsId: {
    parameters: { id: EXAMPLE.jobId },
    status: 200,
    answer: {
      id: EXAMPLE.jobId,
      kind: 'translate',
      status: 'done',
      total: 1,
      done: 1,
      failed: 0,
      items: [{ asset_id: EXAMPLE.assetId, new_asset_id: 'b3d9f1e7-5a2c-4e84-9f06-2c8a7e4b1d35', status: 'done', error: null }],
      created_at: EXAMPLE.updatedAt,
      updated_at: EXAMPLE.updatedAt,
    },
  },
};
