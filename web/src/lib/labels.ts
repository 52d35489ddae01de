/** Chinese labels for the API's literal values. */
export const STAGE_LABELS: Readonly<Record<string, string>> = {
  collected: '已采集',
  editing: '编辑中',
  ready: '待上架',
  published: '已发布',
  archived: '已归档',
};

export const PLATFORM_LABELS: Readonly<Record<string, string>> = { ozon: 'Ozon', '1688': '1688', taobao: '淘宝' };

export const GROUP_LABELS: Readonly<Record<string, string>> = {
  main: '主图',
  sku: 'SKU 图',
  detail: '详情图',
  upload: '上传',
  generated: 'AI 生成',
  translated: '图片翻译',
};

export const ASSET_STATUS_LABELS: Readonly<Record<string, string>> = {
  pending: '排队中',
  downloading: '下载中',
  stored: '已保存',
  failed: '下载失败',
};

export const PLAN_KIND_LABELS: Readonly<Record<string, string>> = {
  white_bg: '白底图',
  title: '标题图',
  selling_points: '卖点图',
  lifestyle: '场景图',
  detail: '细节图',
  size_chart: '尺寸图',
  material: '材质图',
  package_contents: '包装清单',
  usage_steps: '使用步骤',
  comparison: '对比图',
  sku_variant: 'SKU 款式图',
};

export const TIER_LABELS: Readonly<Record<string, string>> = { auto: '自动', low: '低价档 low', high: '中价档 high', high2: '高价档 high2' };

export const label = (labels: Readonly<Record<string, string>>, value: string | null | undefined): string => (value ? (labels[value] ?? value) : '—');
