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
import { type Variant } from '../variants/variant.ts';

/** One card to send and the variant it stands for (null: the product itself). */
export type PreparedItem = { readonly variant_id: string | null; readonly item: PublishCard };

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
  return product.variants
    .filter((variant) => variant.enabled)
    .map((variant: Variant) => {
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
