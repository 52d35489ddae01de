/**
 * Chinese explanations of the marketplace's import error codes (those the marketplace's
 * import documentation lists and those seen in practice), shown beside the marketplace's own Russian or English message.
 */
const EXPLANATIONS: Readonly<Record<string, string>> = {
  description_category_invalid: '类目无效：请重新选择平台类目与商品类型',
  description_category_is_legacy: '类目已被平台淘汰：请重新选择新的类目',
  empty_required: '必填属性为空：请在属性表中补全必填项',
  error_attribute_values_empty: '必填属性没有值：请补全后重新发布',
  error_attribute_values_out_of_range: '属性值超出允许范围，或不是平台字典中的值',
  vat_invalid: '增值税率无效：只能是 0、0.05、0.07、0.1、0.2 或 0.22',
  name_too_long: '商品名称过长：最多 255 个字符',
  missing_dimension: '缺少包装尺寸或重量',
  value_max_limit: '属性值的个数或长度超过平台上限',
  incorrect_density: '重量与包装尺寸不匹配（密度不合理），请检查单位',
  all_image_failed: '所有图片都无法下载：请确认图片地址可公开访问且为 JPG/PNG',
  all_image_unprocessed: '图片尚未处理完成，请稍后查看或重新发布',
  invalid_rich_content_json: '富文本内容（JSON）格式不正确',
  price_out_of_range: '价格超出平台允许的范围',
  old_price_less_than_price: '划线价必须高于售价',
  min_auto_price_too_small: '最低价过低：不能低于售价的 50%',
  min_auto_price_too_big: '最低价过高：不能高于售价',
  price_less_than_min_auto_price: '售价低于设置的最低价',
  br_chinese_hieroglyphs_in_attribute: '属性中含有中文字符：平台只接受俄文/英文',
  spu_already_exists_in_another_account: '该商品已在其他卖家账户中存在',
  periodic_limit_exceeded: '超过平台的周期性额度限制，请稍后再发布',
  item_limit_exceeded: '超过平台每日商品额度，额度重置后自动发送',
  product_has_not_been_tagged_yet: '商品尚未完成平台处理，请等价格生效后再设置库存',
  invalid_attribute_value: '属性值不在平台字典中，请重新选择',
};

/** The Chinese explanation of a code (case-blind), or null for a code the notes do not list. */
export const explainImportError = (code: string): string | null => EXPLANATIONS[code.toLowerCase()] ?? null;
