import { isDomainError } from '../../../src/domain/common/errors.ts';
import { type JsonObject, isJsonObject } from '../../../src/domain/common/json.ts';
import { mergeGroup } from '../../../src/domain/common/merge-patch.ts';
import type { PricingPolicy, Quote } from '../../../src/domain/pricing/pricing.ts';
import { pricingInputsOf, quoteProduct } from '../../../src/domain/pricing/product-pricing.ts';
import { PRODUCT_GROUPS, type Product } from '../../../src/domain/catalog/product.ts';
import type { Variant } from '../../../src/domain/variants/variant.ts';
import type { VariantEdit } from '../../../src/domain/variants/variant-edits.ts';
import type { Patch } from './patch.ts';

/** The saved variants with the pending edits of those the edits keep (new ones appear once the server made them). */
function previewVariants(saved: readonly Variant[], edits: readonly VariantEdit[]): Variant[] {
  const byId = new Map(saved.map((variant) => [variant.id, variant]));
  return edits.flatMap((edit) => {
    const variant = edit.id === undefined ? undefined : byId.get(edit.id);
    if (!variant) return [];
    const changed = Object.fromEntries(
      Object.entries(edit).filter(([key, value]) => value !== undefined && key !== 'offer_id' && key !== 'price' && key !== 'old_price'),
    );
    return [{ ...variant, ...changed, ...(typeof edit.offer_id === 'string' ? { offer_id: edit.offer_id } : {}) } as Variant];
  });
}

/** The product as it will be once the pending edits are saved (groups merge-patched like the server does). */
export function previewProduct<P extends Product>(saved: P, pending: Patch): P {
  const next: Record<string, unknown> = { ...saved };
  for (const [key, value] of Object.entries(pending)) {
    if (key === 'variants' && Array.isArray(value)) {
      next.variants = previewVariants(saved.variants, value as VariantEdit[]);
    } else if ((PRODUCT_GROUPS as readonly string[]).includes(key) && isJsonObject(value)) {
      next[key] = mergeGroup(isJsonObject(saved[key as keyof P]) ? (saved[key as keyof P] as JsonObject) : {}, value);
    } else {
      next[key] = value;
    }
  }
  return next as P;
}

export type LivePrice =
  | { readonly kind: 'quote'; readonly quote: Quote }
  | { readonly kind: 'missing'; readonly message: string }
  | { readonly kind: 'invalid'; readonly message: string; readonly problems: readonly { path: string; message: string }[] };

/**
 * The price the seller sees while typing: the very `quote` the server runs (src/domain/pricing/pricing.ts), on the
 * product with its pending edits, at the product's rate override or else the current rate; with the marketplace's
 * commission in place of the tier's when given (the real-margin view).
 */
export function livePrice(product: Product, currentRate: number, policy: PricingPolicy, commissionPercent?: number): LivePrice {
  const inputs = pricingInputsOf(product);
  if (!inputs) return { kind: 'missing', message: '填写采购成本和重量后显示售价' };
  try {
    return { kind: 'quote', quote: quoteProduct(inputs, inputs.fx_override ?? currentRate, policy, commissionPercent) };
  } catch (error) {
    if (isDomainError(error)) return { kind: 'invalid', message: error.detail, problems: error.problems };
    throw error;
  }
}

/** The breakdown the server stored with the price (`pricing.result`), if any. */
export function storedBreakdown(product: Product): Quote['breakdown'] | null {
  const result = product.pricing.result;
  return isJsonObject(result) && typeof result.price_rub === 'number' ? (result as unknown as Quote['breakdown']) : null;
}
