/**
 * The one table of Chinese names for request fields and literal values, read by the validation formatter
 * (validation-messages.ts): every 422 names the field the way the page does.
 */
export const FIELD_LABELS: Readonly<Record<string, string>> = {
  // products
  id: '编号', name: '商品名称', description: '商品描述', offer_id: '货号', price: '售价', old_price: '划线价',
  currency_code: '币种', vat: '增值税率', weight: '重量', weight_unit: '重量单位', depth: '长度', width: '宽度',
  height: '高度', dimension_unit: '尺寸单位', barcode: '条形码', description_category_id: '类目', type_id: '商品类型',
  primary_image: '主图', images: '图片', source_platform: '来源平台', source_item_id: '来源商品编号', source_url: '来源链接',
  raw: '采集信息', pricing: '定价', copy: '文案', attributes: '属性', complex_attributes: '复合属性', stage: '阶段',
  version: '版本号', 'if-match': '版本号（If-Match）', hard: '彻底删除',
  // variants
  variants: '款式', sku_id: 'SKU 编号', label_zh: '款式名称', label_ru: '俄文款式名', stock: '库存', image_asset_id: '款式图',
  aspects: '规格', dictionary_value_id: '字典值', skus: 'SKU', skuId: 'SKU 编号', label: '款式名称', priceCny: 'SKU 价格',
  imageUrl: '款式图链接', props: 'SKU 属性',
  // pricing
  cost_cny: '采购成本', weight_g: '重量（克）', markup_percent: '加价率', reserve_discount_percent: '预留折扣',
  tier: '价格档', fx_rate: '汇率', rate: '汇率',
  // lists
  page: '页码', page_size: '每页数量', q: '搜索词', platform: '平台', has_failed_assets: '图片下载失败',
  updated_from: '更新日期起点', updated_to: '更新日期终点', sort: '排序',
  // bulk and jobs
  product_ids: '商品列表', action: '操作', params: '操作参数', model: '模型', plan: '方案',
  // intake
  product: '商品', source: '来源', texts: '文本', kind: '类型', content: '内容', pairs: '参数', key: '名称', value: '值',
  itemId: '来源商品编号', url: '链接', collectedAt: '采集时间', groupKey: '图片分组', groupName: '分组名称',
  variantName: '款式名称', index: '序号', dedupeKey: '去重键', refererOrigin: '来源页地址', group_key: '图片分组',
  asset_id: '图片', asset_ids: '图片列表', file: '文件', content_type: '文件类型', bytes: '文件大小', ticket: '上传凭证',
  // AI
  prompt: '提示词', requirements: '要求', style_prompt: '风格提示', language: '语言', lang: '语言', keywords: '关键词',
  selling_points: '卖点', title: '标题', subject: '主体', watermark: '水印', opacity: '透明度', count: '数量', family: '模型系列',
  image_url: '图片链接', suite_id: '套图任务', style_set: '风格组',
  // shops and publishing
  shop_id: '店铺', client_id: 'Client ID', api_key: 'API Key', display_name: '店铺名称', enabled: '启用', task_id: '任务',
  attribute_id: '属性', dictionary_id: '字典', category_id: '类目', limit: '数量上限', last_value_id: '起始值',
  // accounts
  token: '令牌', username: '用户名', password: '密码', old_password: '原密码', new_password: '新密码', role: '角色',
  // extension
  profiles: '配置', events: '日志', level: '级别', message: '消息', ts: '时间',
  // exports
  fields: '字段', ids: '商品列表', include_failed: '包含失败图片',
};

/** Chinese words for the literal values a field may take (stages, platforms…). */
export const VALUE_LABELS: Readonly<Record<string, string>> = {
  collected: '已采集', editing: '编辑中', ready: '待上架', published: '已发布', archived: '已归档',
  ozon: 'Ozon', '1688': '1688', taobao: '淘宝', manual: '手动创建',
  main: '主图', sku: 'SKU 图', detail: '详情图', g: '克', kg: '千克', lb: '磅', mm: '毫米', cm: '厘米', in: '英寸',
  auto: '自动', low: '低价档', high: '中价档', high2: '高价档',
  updated_at: '更新时间升序', '-updated_at': '更新时间降序', created_at: '创建时间升序', '-created_at': '创建时间降序',
  price: '价格升序', '-price': '价格降序', name: '名称升序', '-name': '名称降序',
};
