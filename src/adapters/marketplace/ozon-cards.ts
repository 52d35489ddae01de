import { type MarketplaceCard } from '../../domain/publishing/publish-reconcile.ts';
import { type ImportError } from '../../domain/publishing/publish-task.ts';
import { isObj, list, num, str } from './ozon-wire.ts';

/** `ERROR_LEVEL_ERROR` and `ERROR_LEVEL_INTERNAL` block selling, as `level: error` does in import results. */
const LEVELS: Readonly<Record<string, string>> = { ERROR_LEVEL_ERROR: 'error', ERROR_LEVEL_INTERNAL: 'error', ERROR_LEVEL_WARNING: 'warning' };

/** One `GetProductInfoListResponseError` in the shape of an import result's error (its texts flattened). */
function cardError(raw: Record<string, unknown>): ImportError {
  const texts = isObj(raw.texts) ? raw.texts : {};
  const level = str(raw.level);
  return {
    code: str(raw.code),
    message: str(texts.message) || str(texts.short_description),
    level: LEVELS[level] ?? level.toLowerCase(),
    state: str(raw.state),
    description: str(texts.description),
    field: str(raw.field),
    attribute_id: num(raw.attribute_id),
    attribute_name: str(texts.attribute_name),
  };
}

const isoOrNull = (value: unknown): string | null => {
  const text = str(value);
  return text && !Number.isNaN(Date.parse(text)) ? new Date(text).toISOString() : null;
};

/** `/v3/product/info/list` (`v3GetProductInfoListResponse`: `{items: [...]}`): the cards found, by offer id. */
export const readCards = (body: unknown): MarketplaceCard[] =>
  list(body, ['items'], 'product info')
    .filter(isObj)
    .filter((raw) => str(raw.offer_id) !== '' && num(raw.id) > 0)
    .map((raw) => ({
      offer_id: str(raw.offer_id),
      product_id: String(num(raw.id)),
      created_at: isoOrNull(raw.created_at),
      is_created: isObj(raw.statuses) && raw.statuses.is_created === true,
      errors: Array.isArray(raw.errors) ? raw.errors.filter(isObj).map(cardError) : [],
    }));
