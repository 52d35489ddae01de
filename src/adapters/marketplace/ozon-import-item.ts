import {
  type CardAttribute,
  type CardComplexGroup,
  type CardPictures,
  type CardPrice,
  type CopyCard,
  type PublishCard,
} from '../../domain/publishing/publish-card.ts';
import { DESCRIPTION_ATTRIBUTE_ID } from '../../domain/publishing/publish-attributes.ts';
import { COLOUR_NAME_ATTRIBUTE_ID, MODEL_NAME_ATTRIBUTE_ID } from '../../domain/publishing/publish-variants.ts';
import {
  VIDEO_COMPLEX_ID,
  VIDEO_COVER_COMPLEX_ID,
  VIDEO_COVER_URL_ATTRIBUTE_ID,
  VIDEO_NAME_ATTRIBUTE_ID,
  VIDEO_URL_ATTRIBUTE_ID,
} from '../../domain/publishing/publish-videos.ts';
import { type ShopCurrency } from '../../domain/shops/shop.ts';

/**
 * The marketplace's wire shapes for sending cards, and the one mapping from the domain's card to them
 * (docs/architecture.md, "The marketplace's wire format"). Nothing outside src/adapters/ names these types.
 */

export type ImportAttributeValue = { readonly dictionary_value_id?: number; readonly value?: string };
export type ImportAttribute = { readonly complex_id: number; readonly id: number; readonly values: readonly ImportAttributeValue[] };
export type ImportComplexAttribute = { readonly attributes: readonly ImportAttribute[] };

/**
 * One item of `POST /v3/product/import` (prices as dot-decimal strings, images absolute). Written out field by field
 * although many fields share the card's names: it is the marketplace's schema, which a rename in the domain must not change.
 */
export type ImportItem = {
  readonly offer_id: string;
  readonly name: string;
  readonly description_category_id: number;
  readonly type_id: number;
  readonly price: string;
  readonly old_price: string;
  /** Never sent with an import (`v3ImportProductsRequestItem` has no such field); items kept by earlier records may carry it. */
  readonly min_price?: string;
  readonly currency_code: ShopCurrency;
  readonly vat: string;
  readonly weight: number;
  readonly weight_unit: string;
  readonly depth: number;
  readonly width: number;
  readonly height: number;
  readonly dimension_unit: string;
  readonly barcode?: string;
  readonly primary_image: string;
  readonly images: readonly string[];
  readonly attributes: readonly ImportAttribute[];
  readonly complex_attributes: readonly ImportComplexAttribute[];
};

/** One card's pictures for `/v2/product/pictures/import` (the primary one plus at most 49). */
export type PicturesItem = { readonly offer_id: string; readonly primary_image: string; readonly images: readonly string[] };
/** One card's price for `/v1/product/import/prices` (amounts as strings, in the shop's currency). */
export type PriceItem = {
  readonly offer_id: string;
  readonly price: string;
  readonly old_price: string;
  /** Only when the pricing policy sets `defaults.min_price_percent` (docs/decisions.md, Price rules). */
  readonly min_price?: string;
  readonly currency_code: string;
  readonly vat: string;
};

const plain = (attribute: CardAttribute, complexId = 0): ImportAttribute => ({ complex_id: complexId, id: attribute.id, values: attribute.values });
const text = (id: number, value: string, complexId = 0): ImportAttribute => ({ complex_id: complexId, id, values: [{ value }] });
const group = ({ complex_id, attributes }: CardComplexGroup): ImportComplexAttribute => ({
  attributes: attributes.map((attribute) => plain(attribute, complex_id)),
});

/**
 * The v3 import item of a card. The import has no description field: it travels as attribute 4191, after the
 * seller's; a variant's model name, colour name and aspects follow it. Each stored video is one 100001 entry (its
 * URL and the card's Russian name, as the marketplace's request example does), the cover one 100002 entry. The
 * minimum price stays out: the import has no such field, it goes with prices only (toPriceItem).
 */
export function toImportItem(card: PublishCard): ImportItem {
  const { variant } = card;
  return {
    offer_id: card.offer_id,
    name: card.name,
    description_category_id: card.description_category_id,
    type_id: card.type_id,
    price: String(card.price),
    // "0" clears a crossed-out price sent earlier.
    old_price: card.old_price === null ? '0' : String(card.old_price),
    currency_code: card.currency,
    vat: card.vat,
    weight: card.weight,
    weight_unit: card.weight_unit,
    depth: card.depth,
    width: card.width,
    height: card.height,
    dimension_unit: card.dimension_unit,
    ...(card.barcode ? { barcode: card.barcode } : {}),
    primary_image: card.primary_image,
    images: [...card.images],
    attributes: [
      ...card.attributes.map((attribute) => plain(attribute)),
      text(DESCRIPTION_ATTRIBUTE_ID, card.description),
      ...(variant
        ? [
            text(MODEL_NAME_ATTRIBUTE_ID, variant.model_name),
            text(COLOUR_NAME_ATTRIBUTE_ID, variant.colour_name),
            ...variant.aspects.map((attribute) => plain(attribute)),
          ]
        : []),
    ],
    complex_attributes: [
      ...card.complex_attributes.map(group),
      ...card.videos.map((url) => ({
        attributes: [text(VIDEO_URL_ATTRIBUTE_ID, url, VIDEO_COMPLEX_ID), text(VIDEO_NAME_ATTRIBUTE_ID, card.name, VIDEO_COMPLEX_ID)],
      })),
      ...(card.video_cover === null ? [] : [{ attributes: [text(VIDEO_COVER_URL_ATTRIBUTE_ID, card.video_cover, VIDEO_COVER_COMPLEX_ID)] }]),
    ],
  };
}

export const toPicturesItem = ({ offer_id, primary_image, images }: CardPictures): PicturesItem => ({ offer_id, primary_image, images: [...images] });

export const toPriceItem = (price: CardPrice): PriceItem => ({
  offer_id: price.offer_id,
  price: String(price.price),
  old_price: price.old_price === null ? '0' : String(price.old_price),
  ...(price.min_price === undefined ? {} : { min_price: String(price.min_price) }),
  currency_code: price.currency,
  vat: price.vat,
});

/** One item of `/v1/product/import-by-sku` (`productImportProductsBySKURequestItem`): prices as strings, like the import's. */
export type CopyItem = { sku: number; offer_id: string; name: string; price: string; old_price: string; currency_code: string; vat: string };

export const toCopyItem = (card: CopyCard): CopyItem => ({
  sku: card.sku,
  offer_id: card.offer_id,
  name: card.name,
  price: String(card.price),
  old_price: card.old_price === null ? '0' : String(card.old_price),
  currency_code: card.currency,
  vat: card.vat,
});

const firstText = (attribute: ImportAttribute | undefined): string => attribute?.values[0]?.value ?? '';
const bare = ({ id, values }: ImportAttribute): CardAttribute => ({ id, values });
/** A stored video's entry as toImportItem writes it: URL first (a seller's typed entry lists its ids in ascending order). */
const isSentVideo = (entry: ImportComplexAttribute, name: string): boolean =>
  entry.attributes.length === 2 &&
  entry.attributes[0]!.complex_id === VIDEO_COMPLEX_ID &&
  entry.attributes[0]!.id === VIDEO_URL_ATTRIBUTE_ID &&
  entry.attributes[1]!.id === VIDEO_NAME_ATTRIBUTE_ID &&
  firstText(entry.attributes[1]) === name;
const isSentCover = (entry: ImportComplexAttribute): boolean =>
  entry.attributes.length === 1 && entry.attributes[0]!.complex_id === VIDEO_COVER_COMPLEX_ID && entry.attributes[0]!.id === VIDEO_COVER_URL_ATTRIBUTE_ID;

/**
 * The card an import item was made from. Publish records written before cards were kept in the domain's terms
 * hold the import item sent; reading them through this keeps "only the price (or pictures) changed" working for
 * cards sent then (toImportItem(cardFromImportItem(item)) is the item, without the `min_price` a few such items carry).
 */
export function cardFromImportItem(item: ImportItem): PublishCard {
  const at = item.attributes.findIndex((attribute) => attribute.id === DESCRIPTION_ATTRIBUTE_ID);
  const own = at < 0 ? item.attributes : item.attributes.slice(0, at);
  const after = at < 0 ? [] : item.attributes.slice(at + 1);
  const videos = item.complex_attributes.filter((entry) => isSentVideo(entry, item.name));
  const cover = item.complex_attributes.find(isSentCover);
  const variantAttributes = new Set([MODEL_NAME_ATTRIBUTE_ID, COLOUR_NAME_ATTRIBUTE_ID]);
  return {
    offer_id: item.offer_id,
    name: item.name,
    description: firstText(item.attributes[at]),
    description_category_id: item.description_category_id,
    type_id: item.type_id,
    price: Number(item.price),
    old_price: Number(item.old_price) > 0 ? Number(item.old_price) : null,
    ...(item.min_price === undefined ? {} : { min_price: Number(item.min_price) }),
    currency: item.currency_code,
    vat: item.vat,
    weight: item.weight,
    weight_unit: item.weight_unit,
    depth: item.depth,
    width: item.width,
    height: item.height,
    dimension_unit: item.dimension_unit,
    ...(item.barcode ? { barcode: item.barcode } : {}),
    primary_image: item.primary_image,
    images: [...item.images],
    attributes: own.map(bare),
    complex_attributes: item.complex_attributes
      .filter((entry) => entry !== cover && !videos.includes(entry) && entry.attributes.length > 0)
      .map((entry) => ({ complex_id: entry.attributes[0]!.complex_id, attributes: entry.attributes.map(bare) })),
    videos: videos.map((entry) => firstText(entry.attributes[0])),
    video_cover: cover ? firstText(cover.attributes[0]) : null,
    ...(after.length > 0
      ? {
          variant: {
            model_name: firstText(after.find((attribute) => attribute.id === MODEL_NAME_ATTRIBUTE_ID)),
            colour_name: firstText(after.find((attribute) => attribute.id === COLOUR_NAME_ATTRIBUTE_ID)),
            aspects: after.filter((attribute) => !variantAttributes.has(attribute.id)).map(bare),
          },
        }
      : {}),
  };
}
