import { explainImportError } from './import-error-explanations.ts';

/**
 * Where an offer stands on the marketplace after its import (docs/decisions.md, Moderation): still in moderation,
 * declined (an error of level `ERROR_LEVEL_ERROR` counts as declined even on an `imported` card), on sale (visible,
 * with stock), approved with stock 0, approved but hidden for another reason, or archived.
 */
export const MARKET_STATES = ['moderating', 'declined', 'on_sale', 'no_stock', 'not_visible', 'archived'] as const;
export type MarketState = (typeof MARKET_STATES)[number];

/** One error of a card as `/v3/product/info/list` reports it, with its Chinese explanation. */
export type MarketError = {
  readonly code: string;
  readonly field: string;
  readonly attribute_id: number;
  readonly level: string;
  readonly message: string;
  readonly explanation: string;
};

/** What the sweep reads of one card (`v3GetProductInfoListResponseItem`), already out of the wire format. */
export type MarketCardInfo = {
  readonly offer_id: string;
  readonly product_id: string;
  readonly sku: string | null;
  readonly is_created: boolean;
  /** `statuses.status` (`imported`, `price_sent`, `moderating`, `active`, …). */
  readonly status: string;
  /** `statuses.moderate_status` (`approved`, `declined`, `moderating`, …). */
  readonly moderate_status: string;
  readonly is_archived: boolean;
  readonly is_autoarchived: boolean;
  readonly has_stock: boolean;
  /** `visibility_details.has_price` and an `active` status: the card is shown to buyers once it has stock. */
  readonly visible: boolean;
  readonly errors: readonly Omit<MarketError, 'explanation'>[];
};

/** Levels that stop a card from selling (the document's enum; the import results' `error` too). */
const BLOCKING_LEVELS = new Set(['ERROR_LEVEL_ERROR', 'ERROR_LEVEL_INTERNAL', 'ERROR', 'error']);
/** Statuses a card reaches only after moderation approved it (`price_sent` comes before moderation ends). */
const APPROVED_STATUSES = new Set(['active', 'approved']);
const DECLINED_STATUSES = new Set(['declined', 'failed_moderation', 'failed_validation', 'failed']);
/** Statuses that come before the price is set: the card is not "created" for stock yet (docs/decisions.md, Stock). */
const NOT_YET_CREATED = new Set(['', 'pending', 'processing', 'imported', 'failed', 'failed_validation']);

export const isBlocking = (error: Pick<MarketError, 'level'>): boolean => BLOCKING_LEVELS.has(error.level);

/** The state of a card from what the marketplace reports of it. */
export function marketStateOf(card: MarketCardInfo): MarketState {
  if (card.is_archived || card.is_autoarchived) return 'archived';
  if (card.errors.some(isBlocking) || card.moderate_status === 'declined' || DECLINED_STATUSES.has(card.status)) return 'declined';
  const approved = card.moderate_status === 'approved' || APPROVED_STATUSES.has(card.status);
  if (!approved) return 'moderating';
  if (!card.has_stock) return 'no_stock';
  return card.visible ? 'on_sale' : 'not_visible';
}

/** Created on the marketplace for stock: `statuses.status` at `price_sent` or later, or `is_created`. */
export const isCreatedOnMarket = (card: Pick<MarketCardInfo, 'is_created' | 'status'>): boolean => card.is_created || !NOT_YET_CREATED.has(card.status);

/** The card fields a moderation error may name, as the seller knows them on the product screen. */
const FIELD_NAMES: Readonly<Record<string, string>> = {
  name: '商品名称',
  description: '商品描述',
  images: '图片',
  primary_image: '主图',
  images360: '360° 图片',
  color_image: '颜色样图',
  price: '售价',
  old_price: '划线价',
  vat: '增值税率',
  barcode: '条形码',
  offer_id: '货号',
  weight: '重量',
  depth: '包装尺寸',
  width: '包装尺寸',
  height: '包装尺寸',
};

/** A card error with its Chinese explanation: the code's own, else one built from the field or attribute it names. */
export function explainMarketError(error: Omit<MarketError, 'explanation'> & { readonly attribute_name?: string }): MarketError {
  const known = explainImportError(error.code);
  const where =
    error.attribute_id > 0
      ? `属性「${error.attribute_name || error.attribute_id}」（${error.attribute_id}）`
      : error.field
        ? `字段「${FIELD_NAMES[error.field] ?? error.field}」${FIELD_NAMES[error.field] ? `（${error.field}）` : ''}`
        : '商品卡片';
  const explanation = known ?? `平台审核指出${where}有问题${isBlocking(error) ? '，商品无法销售' : ''}：请按平台提示修改后重新发布`;
  return { code: error.code, field: error.field, attribute_id: error.attribute_id, level: error.level, message: error.message, explanation };
}

/** How often the sweep looks at offers (`MARKET_SWEEP_FIRST_MS`, `MARKET_SWEEP_MAX_MS`, `MARKET_RECHECK_MS`). */
export type SweepTimings = { readonly firstMs: number; readonly maxMs: number; readonly recheckMs: number };

export const DEFAULT_SWEEP_TIMINGS: SweepTimings = { firstMs: 60_000, maxMs: 1_800_000, recheckMs: 86_400_000 };

/**
 * The wait before the next look, and the interval it stands for: while moderating, twice the last interval up
 * to `maxMs`; once moderation ended (any other state), the daily recheck.
 */
export function nextLook(state: MarketState, lastIntervalMs: number, timings: SweepTimings): number {
  if (state !== 'moderating') return timings.recheckMs;
  return Math.min(timings.maxMs, Math.max(timings.firstMs, lastIntervalMs * 2));
}

/** The most telling state of a product's offers (what its list row shows): declined first, archived last. */
export const STATE_URGENCY: readonly MarketState[] = ['declined', 'moderating', 'not_visible', 'no_stock', 'on_sale', 'archived'];
export const productMarketState = (states: readonly MarketState[]): MarketState | null => STATE_URGENCY.find((state) => states.includes(state)) ?? null;
