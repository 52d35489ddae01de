import { type StockError } from './stock-send.ts';

/**
 * The marketplace's per-offer refusals of `/v2/products/stocks` (its error table) explained in Chinese. Codes not
 * listed keep the marketplace's message behind a general sentence.
 */
const EXPLANATIONS: Readonly<Record<string, string>> = {
  product_is_not_created: '商品尚未通过平台审核（状态未到 price_sent），暂不能设置库存；平台报告商品已创建后会自动重新发送',
  PRICE_IS_NOT_SENT: '商品尚未创建完成或正在更新，暂不能设置库存；平台报告商品已创建后会自动重新发送',
  offer_id_not_found: '平台上没有这个货号的商品，请确认商品已发布到该店铺',
  NOT_FOUND_ERROR: '平台上找不到这个商品，请确认商品已发布到该店铺',
  WAREHOUSE_NOT_FOUND: '平台上找不到该仓库，请确认仓库仍在使用并在店铺设置中重新选择仓库',
  NON_KGT_ON_KGT_WAREHOUSE: '这是大件（КГТ）仓库，普通商品不能在这里设置库存，请换用普通仓库',
  OVER_MAX_OVH_NON_KGT: '这是大件（КГТ）商品，所选仓库不接收大件商品，请换用大件仓库',
  OVER_MAX_OVH_KGT: '商品的重量或尺寸超出该仓库的上限，请修改商品尺寸重量或换用其他仓库',
  PRODUCT_HAS_NOT_BEEN_TAGGED_YET: '平台尚未判定商品是否为大件（缺少尺寸或仍在处理），请补全尺寸后稍后再试',
  STOCK_TOO_BIG: '库存数量过大，请设置小于一百万的数量',
  TOO_MANY_REQUESTS: '同一商品在同一仓库 30 秒内只能更新一次库存，稍后自动重试',
  FLAMMABLE_ONLY_ON_SELF_OR_PROVIDER_DELIVERY: '易燃商品只能从自有配送或第三方配送的仓库销售，请换用其他仓库',
  FLAMMABLE_ON_NON_KGT_WAREHOUSE: '易燃商品只能从大件（КГТ）仓库销售，请换用其他仓库',
  MP_DELIVERY_ONLY_3PL_ERROR: '该商品不能放在使用平台物流的仓库，请换用其他仓库',
  SOURCE_TYPE_NOT_FOUND: '商品还没有 SKU，请确认商品已创建并设置正确',
  SIZE_REQUIRED_FOR_NOT_UNIQUE_OFFER_ID: '货号与另一商品重复，请修改货号',
  CB_DELIVERY_ONLY_FBP: '该商品只能从 FBP 仓库销售',
};

/** Codes after which the same value is simply sent again later (the pair's interval, the offer not created yet). */
export const RETRIED_CODES: ReadonlySet<string> = new Set(['TOO_MANY_REQUESTS', 'Stock is updated too frequently']);
/** Codes meaning the card is not ready for stock: kept as not created, sent again once the marketplace reports it created. */
export const NOT_CREATED_CODES: ReadonlySet<string> = new Set(['product_is_not_created', 'PRICE_IS_NOT_SENT']);

export function explainStockError(code: string, message: string): StockError {
  const known = EXPLANATIONS[code] ?? (code === 'Stock is updated too frequently' ? EXPLANATIONS.TOO_MANY_REQUESTS : undefined);
  return { code, message, explanation: known ?? `平台拒绝了库存更新（${code}${message && message !== code ? `：${message}` : ''}）` };
}
