import { type PricingBreakdown } from '../pricing/pricing.ts';
import { type ImportError, type PublishStatus } from '../publishing/publish-task.ts';

/**
 * A product's variants (docs/decisions.md, Variants): the colours or sizes of one 1688 listing, each published as its own
 * marketplace item under the product's model name so the marketplace merges them into one card with switches.
 * They live inside the product aggregate: they are read, versioned and written with it.
 */

/** Most variants one product may have (the `skus` limit of POST /materials). */
export const MAX_VARIANTS = 500;
/** The marketplace's limit for `offer_id` (docs/decisions.md, Products and stages). */
export const VARIANT_OFFER_ID_MAX_LENGTH = 50;

/** One value of an aspect attribute: a dictionary entry with its text (the text alone while none is chosen). */
export type AspectValue = { readonly dictionary_value_id?: number; readonly value: string };
/** Aspect values by the category's attribute id (`"10096"` colour, a size attribute, …). */
export type VariantAspects = Readonly<Record<string, readonly AspectValue[]>>;

/** `draft` until a variant is first sent; afterwards the status of its last publish record. */
export type VariantStatus = 'draft' | PublishStatus;

/** A collected SKU property (`颜色: 红色`), kept for the seller to read; never sent as an aspect by itself. */
export type SkuProp = { readonly name: string; readonly value: string };

export type Variant = {
  readonly id: string;
  /** Its number within the product, never reused: the derived offer id `{offer_id}-{seq}` stays put when others go. */
  readonly seq: number;
  /** The source's SKU id (`skus[].skuId`), null for variants made from SKU images or by hand. */
  readonly sku_id: string | null;
  readonly label_zh: string;
  /** The colour or size name sent as attribute 10097; null until the seller writes it. */
  readonly label_ru: string | null;
  /** The offer id it is sent under: the seller's, else derived from the product's (null while that is empty). */
  readonly offer_id: string | null;
  /** True once the seller set `offer_id` (or the variant was published under it): it no longer follows the product's. */
  readonly offer_id_pinned: boolean;
  readonly enabled: boolean;
  /** Own purchase cost and weight; null uses the product's. */
  readonly cost_cny: number | null;
  readonly weight_g: number | null;
  /** Computed by the one pricing policy, in the product's currency; null while inputs are missing. */
  readonly price: number | null;
  readonly old_price: number | null;
  /** The computation behind `price` (price in RUB, the rate used), null with it. */
  readonly breakdown: PricingBreakdown | null;
  /** The collected stock (from the source page); null when unknown. */
  readonly stock: number | null;
  /** The quantity offered for sale (docs/decisions.md, Stock); null = the shop's default (never above a known `stock`). Absent in variants stored before it. */
  readonly sale_stock: number | null;
  readonly barcode: string;
  /** Its own picture (a `sku` asset of the product), sent as the item's primary image. */
  readonly image_asset_id: string | null;
  readonly aspects: VariantAspects;
  readonly props: readonly SkuProp[];
  readonly marketplace_product_id: string | null;
  readonly status: VariantStatus;
  readonly errors: readonly ImportError[];
};

export type NewVariantFields = Pick<Variant, 'id' | 'seq' | 'label_zh'> & Partial<Omit<Variant, 'id' | 'seq' | 'label_zh'>>;

/** A variant as intake or the seller makes it: enabled (stock 0 too), no Russian label, offer id derived. */
export function newVariant(fields: NewVariantFields): Variant {
  return {
    sku_id: null,
    label_ru: null,
    offer_id: null,
    offer_id_pinned: false,
    enabled: true,
    cost_cny: null,
    weight_g: null,
    price: null,
    old_price: null,
    breakdown: null,
    stock: null,
    sale_stock: null,
    barcode: '',
    image_asset_id: null,
    aspects: {},
    props: [],
    marketplace_product_id: null,
    status: 'draft',
    errors: [],
    ...fields,
  };
}

/** The offer id a variant follows while the seller has not set one: `{offer_id}-{seq}`, null without a product offer id. */
export const derivedOfferId = (productOfferId: string, seq: number): string | null => (productOfferId.trim() ? `${productOfferId.trim()}-${seq}` : null);

/** The variants with their offer ids brought up to date with the product's (pinned ones keep theirs). */
export function withOfferIds(productOfferId: string, variants: readonly Variant[]): Variant[] {
  return variants.map((variant) => {
    if (variant.offer_id_pinned) return variant;
    const offer = derivedOfferId(productOfferId, variant.seq);
    return offer === variant.offer_id ? variant : { ...variant, offer_id: offer };
  });
}

/** The next free `seq`. */
export const nextSeq = (variants: readonly Variant[]): number => variants.reduce((max, variant) => Math.max(max, variant.seq), 0) + 1;

/** The offers a product sends: one per enabled variant with an offer id. */
export const enabledVariants = (variants: readonly Variant[]): Variant[] => variants.filter((variant) => variant.enabled);

/** How a variant is named in messages: its Chinese label and its offer id. */
export const variantName = (variant: Pick<Variant, 'label_zh' | 'offer_id'>): string =>
  `「${variant.label_zh}」${variant.offer_id ? `（${variant.offer_id}）` : ''}`;
