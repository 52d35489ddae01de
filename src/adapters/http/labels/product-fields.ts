import { PRODUCT_FIELD_LABELS } from '../../../domain/catalog/product-fields.ts';

/** Chinese names of the product screen's fields: the product, its variants, its pricing, the list and its exports. */
export const PRODUCT_FIELDS: Readonly<Record<string, string>> = {
  // products (their own fields from the product field list)
  ...PRODUCT_FIELD_LABELS,
  'if-match': '版本号（If-Match）',
  hard: '彻底删除',
  // variants
  sku_id: 'SKU 编号',
  label_zh: '款式名称',
  label_ru: '俄文款式名',
  stock: '库存',
  sale_stock: '销售库存',
  image_asset_id: '款式图',
  aspects: '规格',
  dictionary_value_id: '字典值',
  skus: 'SKU',
  skuId: 'SKU 编号',
  label: '款式名称',
  priceCny: 'SKU 价格',
  imageUrl: '款式图链接',
  props: 'SKU 属性',
  // pricing
  cost_cny: '采购成本',
  weight_g: '重量（克）',
  markup_percent: '加价率',
  reserve_discount_percent: '预留折扣',
  tier: '价格档',
  rate: '汇率',
  // lists
  page: '页码',
  page_size: '每页数量',
  q: '搜索词',
  platform: '平台',
  has_failed_assets: '图片下载失败',
  updated_from: '更新日期起点',
  updated_to: '更新日期终点',
  sort: '排序',
  // bulk and jobs
  product_ids: '商品列表',
  action: '操作',
  params: '操作参数',
  model: '模型',
  plan: '方案',
  // exports
  fields: '字段',
  ids: '商品列表',
  include_failed: '包含失败图片',
};
