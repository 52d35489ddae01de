import { type ShopCurrency } from '../shops/shop.ts';

/**
 * A card to publish, in the domain's terms (docs/architecture.md, "The marketplace's wire format"): what the
 * seller set and what our checks made of it. How the marketplace wants it sent (attribute lists with complex ids,
 * prices as strings, the description and videos as attributes) is the marketplace adapter's business
 * (src/adapters/marketplace/ozon-import-item.ts). Characteristics are keyed by the marketplace's catalog attribute
 * ids: those are the seller's vocabulary too (the attribute form shows and stores them), not the wire format.
 */

/** One value of a characteristic as the seller set it: a dictionary entry, free text, or both. */
export type CardValue = { readonly dictionary_value_id?: number; readonly value?: string };
/** One characteristic, by its catalog attribute id. */
export type CardAttribute = { readonly id: number; readonly values: readonly CardValue[] };
/** One instance of a complex characteristic (e.g. one video's URL and name), under its complex id. */
export type CardComplexGroup = { readonly complex_id: number; readonly attributes: readonly CardAttribute[] };

/** What makes one variant's card join its siblings on the marketplace (docs/decisions.md, Variants). */
export type CardVariant = {
  /** The merge key, the same on every variant of the product. */
  readonly model_name: string;
  /** The variant's own Russian colour or size name. */
  readonly colour_name: string;
  /** Its values of the category's aspect attributes. */
  readonly aspects: readonly CardAttribute[];
};

export type PublishCard = {
  readonly offer_id: string;
  readonly name: string;
  readonly description: string;
  readonly description_category_id: number;
  readonly type_id: number;
  /** In the shop's currency. */
  readonly price: number;
  /** The crossed-out price, always above `price`; null sends none (and clears one sent before). */
  readonly old_price: number | null;
  /** The lowest price promotions may bring it to (docs/decisions.md, Price rules); only when the policy asks for one. Sent with prices only. */
  readonly min_price?: number;
  readonly currency: ShopCurrency;
  readonly vat: string;
  /** Whole amounts in their units (publish.ts converts fractions to g / mm). */
  readonly weight: number;
  readonly weight_unit: string;
  readonly depth: number;
  readonly width: number;
  readonly height: number;
  readonly dimension_unit: string;
  readonly barcode?: string;
  /** Absolute URLs: the marketplace fetches them. */
  readonly primary_image: string;
  readonly images: readonly string[];
  /** The seller's characteristics (the description's own attribute left out: `description` wins). */
  readonly attributes: readonly CardAttribute[];
  /** The seller's complex characteristics, without the ones the stored videos replace. */
  readonly complex_attributes: readonly CardComplexGroup[];
  /** The stored videos' absolute URLs (docs/decisions.md, Videos), and the cover's. */
  readonly videos: readonly string[];
  readonly video_cover: string | null;
  /** Set on the card of one variant of a product with variants. */
  readonly variant?: CardVariant;
  /**
   * Set on a copy of a marketplace card (docs/decisions.md, Follow-selling): the SKU it copies. Only the offer, name and
   * price go out (`copyOf`); the rest holds what the product has, unchecked and never sent.
   */
  readonly copy_sku?: number;
};

/** A copy of another seller's card under our offer and price, as `/v1/product/import-by-sku` takes it. */
export type CopyCard = Pick<PublishCard, 'offer_id' | 'name' | 'price' | 'old_price' | 'currency' | 'vat'> & { readonly sku: number };

/** A card's pictures, as a pictures-only update sends them. */
export type CardPictures = Pick<PublishCard, 'offer_id' | 'primary_image' | 'images'>;
/** A card's price, as a price-only update sends it. */
export type CardPrice = Pick<PublishCard, 'offer_id' | 'price' | 'old_price' | 'min_price' | 'currency' | 'vat'>;
