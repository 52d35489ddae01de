import { type FieldProblem } from '../common/errors.ts';
import { type Product } from '../catalog/product.ts';
import { copyModeProblems, marketSkuOf } from '../catalog/follow-selling.ts';
import { OFFER_ID_MAX_LENGTH } from '../catalog/ready-checks.ts';
import { hasChinese } from '../common/text.ts';
import { type ShopCurrency } from '../shops/shop.ts';
import { type PublishCard } from './publish-card.ts';
import { VAT_VALUES, crossedOut, pricesFor } from './publish-checks.ts';
import { offerPriceProblems } from './publish-price-rules.ts';

/** The offer id checks every card makes, the copy's too. */
export function offerIdProblems(offerId: string): FieldProblem[] {
  if (!offerId.trim()) return [{ path: 'offer_id', message: '缺少货号 offer_id' }];
  if (offerId.length > OFFER_ID_MAX_LENGTH) return [{ path: 'offer_id', message: `货号超过 ${OFFER_ID_MAX_LENGTH} 个字符` }];
  if (hasChinese(offerId)) return [{ path: 'offer_id', message: '货号含有中文字符，平台会拒绝' }];
  return [];
}

/**
 * The pre-flight of a copy (docs/decisions.md, Follow-selling): the offer id, the price from the one computation, the
 * marketplace's price rules, the VAT, the currency and a positive whole SKU; no category, attributes, images or copy
 * texts (the card already has them). A copy is one offer: variants are a full card's business.
 */
export function prepareCopy(
  product: Product,
  currency: ShopCurrency,
  minPricePercent: number | null,
): { ok: true; item: PublishCard } | { ok: false; problems: FieldProblem[] } {
  const problems: FieldProblem[] = [...offerIdProblems(product.offer_id)];
  if (!(VAT_VALUES as readonly string[]).includes(product.vat)) problems.push({ path: 'vat', message: '增值税率只能是 0、0.05、0.07、0.1、0.2 或 0.22' });
  const prices = pricesFor(product, currency, problems, minPricePercent);
  problems.push(...offerPriceProblems({ ...product, variants: [] }, minPricePercent));
  problems.push(...copyModeProblems(product, 'source_item_id'));
  const sku = marketSkuOf(product);
  if (problems.length > 0 || !prices || sku === null) return { ok: false, problems };
  return {
    ok: true,
    item: {
      offer_id: product.offer_id,
      name: product.name,
      description: product.description,
      description_category_id: product.description_category_id ?? 0,
      type_id: product.type_id ?? 0,
      price: prices.price,
      old_price: crossedOut(prices),
      ...(prices.min === null ? {} : { min_price: prices.min }),
      currency,
      vat: product.vat,
      weight: product.weight ?? 0,
      weight_unit: product.weight_unit,
      depth: product.depth ?? 0,
      width: product.width ?? 0,
      height: product.height ?? 0,
      dimension_unit: product.dimension_unit,
      primary_image: '',
      images: [],
      attributes: [],
      complex_attributes: [],
      videos: [],
      video_cover: null,
      copy_sku: sku,
    },
  };
}
