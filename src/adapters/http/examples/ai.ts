import { type OperationExample } from '../openapi-examples.ts';
import { EXAMPLE } from './ids.ts';
import { COPY_DRAFT } from './product-bodies.ts';

const texts = [
  { kind: 'title', content: '加厚布艺收纳箱 带盖 可折叠 3件套' },
  { kind: 'params', content: '材质: 无纺布；尺寸: 20×15×10 cm', pairs: [{ key: '材质', value: '无纺布' }] },
];
const plan = [{ kind: 'white_bg', title: '白底主图', detail: '三件套收纳箱并排', prompt_hint: 'three storage boxes on white', count: 1, variant_name: null }];
const model = (
  entry: { id: string; provider: string; kind: string; family: string; label: string; key_env: string | null },
  capabilities: { follows_prompt: boolean; edits_text: boolean },
) => ({
  ...entry,
  configured: true,
  default: true,
  capabilities,
});
const suite = { id: '$response.body#/suite_id' };
export const SUITE_LINKS = {
  GetSuite: { operationId: 'getSuitesId', parameters: suite, description: '套图进度' },
  DownloadSuite: { operationId: 'getSuitesIdZip', parameters: suite, description: '完成后下载 zip' },
};

/** A finished one-image suite (GET /suites/{id} and the product's list). */
const SUITE_JOB = {
  id: EXAMPLE.suiteId,
  product_id: EXAMPLE.productId,
  status: 'done',
  style_set: 0,
  platform: 'ozon',
  lang: 'ru',
  ratio: '3:4',
  provider: 'dashscope',
  total: 1,
  images: [
    { type_id: 'white_bg', name: '01-白底主图.jpg', url: `${EXAMPLE.publicBase}/media/suites/${EXAMPLE.suiteId}/01-白底主图.jpg`, status: 'ok', error: null },
  ],
  error: null,
  created_at: EXAMPLE.updatedAt,
  updated_at: EXAMPLE.updatedAt,
};

/** Models, listing copy and image suites. */
export const AI_EXAMPLES: Record<string, OperationExample> = {
  getAiModels: {
    status: 200,
    answer: {
      models: [
        model(
          { id: 'deepseek-chat', provider: 'deepseek', kind: 'text', family: 'deepseek', label: 'DeepSeek（deepseek-chat）', key_env: 'DEEPSEEK_API_KEY' },
          { follows_prompt: true, edits_text: false },
        ),
        model(
          {
            id: 'qwen-image-edit-plus',
            provider: 'dashscope',
            kind: 'image',
            family: 'qwen-image',
            label: '通义千问 Qwen-Image-Edit Plus',
            key_env: 'DASHSCOPE_API_KEY',
          },
          { follows_prompt: true, edits_text: true },
        ),
        {
          ...model(
            { id: 'template', provider: 'local', kind: 'image', family: 'template', label: '内置模板（离线，无需密钥）', key_env: null },
            { follows_prompt: false, edits_text: false },
          ),
          default: false,
        },
      ],
    },
  },
  postAiCopy: {
    body: { product_id: EXAMPLE.productId, title: '加厚布艺收纳箱 带盖 可折叠 3件套', texts, keywords: ['коробка для хранения'], requirements: '不要提到品牌' },
    status: 200,
    answer: COPY_DRAFT,
  },
  postProductsIdCopyApply: {
    parameters: { id: EXAMPLE.productId },
    status: 200,
    answer: {
      id: EXAMPLE.productId,
      version: 4,
      stage: 'editing',
      name: COPY_DRAFT.title_ru,
      description: COPY_DRAFT.description_ru,
      copy: { ...COPY_DRAFT, generated_at: EXAMPLE.updatedAt },
      updated_at: EXAMPLE.updatedAt,
    },
  },
  postSuitePlan: {
    body: {
      product_id: EXAMPLE.productId,
      title: '加厚布艺收纳箱',
      texts,
      sku_variants: ['灰色', '米色'],
      image_stats: { main: 1, sku: 0, detail: 1 },
      platform: 'ozon',
    },
    status: 200,
    answer: {
      summary: '白底图、卖点图和场景图',
      items: [
        ...plan,
        { kind: 'selling_points', title: '卖点', detail: '可折叠、带盖防尘', prompt_hint: 'foldable, dust lid', count: 2, variant_name: null },
        { kind: 'lifestyle', title: '衣柜场景', detail: '放在衣柜隔板上', prompt_hint: 'on a wardrobe shelf', count: 3, variant_name: null },
      ],
      total: 6,
      warnings: ['计划共 6 张图，建议 8–15 张'],
      planner: 'model',
      model: 'deepseek-chat',
    },
  },
  postSuiteGenerate: {
    body: {
      product_id: EXAMPLE.productId,
      texts,
      images: [{ url: EXAMPLE.sourceImage, group_key: 'main' }],
      style_set: 0,
      plan,
      platform: 'ozon',
      model: 'qwen-image-edit-plus',
    },
    status: 202,
    answer: { suite_id: EXAMPLE.suiteId },
    links: SUITE_LINKS,
  },
  getSuitesId: { parameters: { id: EXAMPLE.suiteId }, status: 200, answer: SUITE_JOB },
  getSuitesIdZip: { parameters: { id: EXAMPLE.suiteId }, status: 200 },
  getProductsIdSuites: { parameters: { id: EXAMPLE.productId }, status: 200, answer: { items: [SUITE_JOB] } },
  postSuiteImageEdit: {
    body: { product_id: EXAMPLE.productId, image_url: EXAMPLE.sourceImage, prompt: '背景换成浅木色桌面', model: 'qwen-image-edit-plus', append: false },
    status: 200,
    answer: { url: `${EXAMPLE.publicBase}/media/suites/edits/4f6a8c2e-9b1d-4e37-a5c8-0d2f6b9e3a71.jpg`, asset_id: null },
  },
};
