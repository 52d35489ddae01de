import { type PublishCard } from './publish-card.ts';
import { crossedOut, pricesFor } from './publish-checks.ts';
import {
  aspectAttributes,
  COLOUR_NAME_ATTRIBUTE_ID,
  MODEL_NAME_ATTRIBUTE_ID,
  modelName,
  sharedImagesFor,
  variantAsProduct,
  type VariantPublishInput,
} from './publish-variants.ts';
import { type Product } from '../catalog/product.ts';
import { enabledVariants, type Variant } from '../variants/variant.ts';

/** One card to send and the variant it stands for (null: the product itself). */
export type PreparedItem = { readonly variant_id: string | null; readonly item: PublishCard };

/** The variants that go out as cards of their own: each enabled one of a full card (none of a copy, one offer: docs/decisions.md, Follow-selling). */
export const publishedVariants = (product: Product): Variant[] => (product.publish_mode === 'copy' ? [] : enabledVariants(product.variants));

/**
 * How many cards publishing the product sends, each one of the shop's daily quota (issue 32 item 7): one per variant
 * that goes (`publishedVariants`), else the product's own card. What `preparePublish` makes, counted before the checks.
 */
export const cardCount = (product: Product): number =>
  product.publish_mode === 'copy' || product.variants.length === 0 ? 1 : publishedVariants(product).length;

/**
 * The cards of a product's enabled variants (docs/decisions.md, Variants), made from the product's own card `base`
 * once every check passed: each keeps the product's other attributes and carries the same model name (9048), its own
 * offer id, price, barcode, weight, colour name (10097) and aspects; its SKU picture is the primary one, and the
 * product's shared pictures follow without any variant's SKU picture.
 */
export function variantItems(base: PublishCard, input: VariantPublishInput, shared: readonly string[]): PreparedItem[] {
  const { product, currency, imageOf, minPricePercent = null } = input;
  const skuImages = new Set(product.variants.map(imageOf).filter((url): url is string => url !== undefined));
  const images = sharedImagesFor(shared, skuImages);
  const model = modelName(product);
  return publishedVariants(product).map((variant: Variant) => {
    const prices = pricesFor(variantAsProduct(product, variant), currency, [], minPricePercent)!;
    const aspects = aspectAttributes(variant);
    const replaced = new Set([MODEL_NAME_ATTRIBUTE_ID, COLOUR_NAME_ATTRIBUTE_ID, ...aspects.map((attribute) => attribute.id)]);
    const { barcode: _productBarcode, ...rest } = base;
    return {
      variant_id: variant.id,
      item: {
        ...rest,
        offer_id: variant.offer_id!,
        price: prices.price,
        old_price: crossedOut(prices),
        ...(prices.min === null ? {} : { min_price: prices.min }),
        ...(variant.barcode ? { barcode: variant.barcode } : {}),
        ...(variant.weight_g !== null ? { weight: Math.round(variant.weight_g), weight_unit: 'g' } : {}),
        primary_image: imageOf(variant)!,
        images,
        attributes: base.attributes.filter((attribute) => !replaced.has(attribute.id)),
        variant: { model_name: model, colour_name: variant.label_ru!.trim(), aspects },
      },
    };
  });
}
