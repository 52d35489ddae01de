import { type FieldProblem } from '../common/errors.ts';
import { type Product } from '../catalog/product.ts';
import { GRAMS_PER_UNIT } from '../pricing/product-pricing.ts';
import {
  MAX_IMAGES,
  MAX_NAME_LENGTH,
  MILLIMETRES,
  VAT_VALUES,
  checkImages,
  checkSize,
  checkText,
  crossedOut,
  pricesFor,
  positive,
  rublesOf,
} from './publish-checks.ts';
import { prepareCopy } from './publish-copy.ts';
import { marketPriceWarnings } from '../catalog/follow-selling.ts';
import { OFFER_ID_MAX_LENGTH } from '../catalog/ready-checks.ts';
import { cardAttributes, cardComplexGroups } from './publish-attributes.ts';
import { type AttributeRule, checkCategoryAttributes } from './publish-category-checks.ts';
import { type PreparedItem, variantItems } from './publish-variant-items.ts';
import { FILLED_FOR_VARIANTS, type VariantPublishInput, variantPublishProblems } from './publish-variants.ts';
import { type PublishCard } from './publish-card.ts';
import { offerPriceProblems } from './publish-price-rules.ts';
import { type Variant } from '../variants/variant.ts';
import { type PublishVideo, cardVideos, checkVideos } from './publish-videos.ts';
import { type ShopCurrency } from '../shops/shop.ts';
import { hasChinese } from '../common/text.ts';

export type PublishInput = {
  readonly product: Product;
  readonly currency: ShopCurrency;
  /** The product's images in display order, the main one first, made absolute where we could. */
  readonly imageUrls: readonly string[];
  /** The category's characteristics and the dictionary entries found among its values (`dictionaryKey`s). */
  readonly category?: { readonly rules: readonly AttributeRule[]; readonly knownValues: ReadonlySet<string> };
  /** Each variant's own picture (its stored SKU image, absolute); only read for a product with variants. */
  readonly variantImage?: (variant: Variant) => string | undefined;
  /** The product's videos (docs/decisions.md, Videos), absolute where stored; never among the images. */
  readonly videos?: readonly PublishVideo[];
  /** The pricing policy's `defaults.min_price_percent` (docs/decisions.md, Price rules); null or absent: no minimum price. */
  readonly minPricePercent?: number | null;
};

/** The items to send: one for a product without variants, one per enabled variant otherwise (docs/decisions.md, Variants). */
export type PreparedPublish = (
  { readonly ok: true; readonly items: readonly PreparedItem[] } | { readonly ok: false; readonly problems: readonly FieldProblem[] }
) & {
  /** What the seller should know but may publish anyway (our price above the marketplace page's, docs/decisions.md, Follow-selling). */
  readonly warnings?: readonly FieldProblem[];
};

/** The category rules the product itself must meet: with variants, aspect attributes and 9048/10097 are the variants'. */
const productRules = (product: Product, rules: readonly AttributeRule[]): AttributeRule[] =>
  product.variants.length === 0 ? [...rules] : rules.filter((rule) => !rule.is_aspect && !FILLED_FOR_VARIANTS.has(rule.id));

/** Integer amounts as the marketplace wants them: kept in the given unit when whole, else converted to g / mm. */
function wholeAmount(value: number, unit: string, base: string, factors: Readonly<Record<string, number>>): { amount: number; unit: string } {
  if (Number.isInteger(value)) return { amount: value, unit };
  return { amount: Math.round(value * (factors[unit] ?? 1)), unit: base };
}

/**
 * Checks everything the marketplace needs (the ready checks, plus public image URLs and a sane density; docs/decisions.md, Publishing) and,
 * when all is there, assembles the card to send (the marketplace adapter turns it into the marketplace's import item). Every problem is listed, not just the first.
 */
export function preparePublish(input: PublishInput): PreparedPublish {
  const { product, currency, minPricePercent = null } = input;
  const warnings = marketPriceWarnings(product, rublesOf(product).price);
  if (product.publish_mode === 'copy') {
    const copy = prepareCopy(product, currency, minPricePercent);
    return copy.ok ? { ok: true, items: [{ variant_id: null, item: copy.item }], warnings } : { ok: false, problems: copy.problems, warnings };
  }
  const prepared = prepareFullCard(input);
  return { ...prepared, warnings };
}

/** The publish checks and the card of a product with a card of its own (`create`). */
function prepareFullCard({
  product,
  currency,
  imageUrls,
  category,
  variantImage = () => undefined,
  videos = [],
  minPricePercent = null,
}: PublishInput): PreparedPublish {
  const problems: FieldProblem[] = [];
  checkText(problems, 'name', '商品名称', product.name, MAX_NAME_LENGTH);
  checkText(problems, 'description', '商品描述', product.description, 100_000);
  if (!product.offer_id.trim()) problems.push({ path: 'offer_id', message: '缺少货号 offer_id' });
  else if (product.offer_id.length > OFFER_ID_MAX_LENGTH) problems.push({ path: 'offer_id', message: `货号超过 ${OFFER_ID_MAX_LENGTH} 个字符` });
  else if (hasChinese(product.offer_id)) problems.push({ path: 'offer_id', message: '货号含有中文字符，平台会拒绝' });
  if (product.barcode && hasChinese(product.barcode)) problems.push({ path: 'barcode', message: '条码含有中文字符，平台会拒绝' });
  if (!positive(product.description_category_id)) problems.push({ path: 'description_category_id', message: '缺少平台类目' });
  if (!positive(product.type_id)) problems.push({ path: 'type_id', message: '缺少商品类型 type_id' });
  if (!(VAT_VALUES as readonly string[]).includes(product.vat)) problems.push({ path: 'vat', message: '增值税率只能是 0、0.05、0.07、0.1、0.2 或 0.22' });
  checkSize(product, problems);
  checkImages(imageUrls, problems);
  checkVideos(videos, problems);
  const prices = pricesFor(product, currency, problems, minPricePercent);
  const attributes = cardAttributes(product.attributes, problems);
  const complexAttributes = cardComplexGroups(product.complex_attributes, problems);
  if (category) problems.push(...checkCategoryAttributes(attributes, productRules(product, category.rules), category.knownValues));
  const variantInput: VariantPublishInput | undefined =
    product.variants.length === 0
      ? undefined
      : {
          product,
          currency,
          imageOf: variantImage,
          minPricePercent,
          ...(category
            ? { aspects: { rules: category.rules.filter((rule) => rule.is_aspect && rule.attribute_complex_id === 0), knownValues: category.knownValues } }
            : {}),
        };
  if (variantInput) problems.push(...variantPublishProblems(variantInput));
  problems.push(...offerPriceProblems(product, minPricePercent));
  if (problems.length > 0 || !prices) return { ok: false, problems };

  const weight = wholeAmount(product.weight!, product.weight_unit, 'g', GRAMS_PER_UNIT);
  const sides = [product.depth!, product.width!, product.height!];
  const dimensions = sides.every(Number.isInteger)
    ? { unit: product.dimension_unit, values: sides }
    : { unit: 'mm', values: sides.map((side) => Math.round(side * (MILLIMETRES[product.dimension_unit] ?? 1))) };
  const [primary, ...rest] = imageUrls.slice(0, MAX_IMAGES);
  const item: PublishCard = {
    offer_id: product.offer_id,
    name: product.name,
    description: product.description,
    description_category_id: product.description_category_id!,
    type_id: product.type_id!,
    price: prices.price,
    old_price: crossedOut(prices),
    ...(prices.min === null ? {} : { min_price: prices.min }),
    currency,
    vat: product.vat,
    weight: weight.amount,
    weight_unit: weight.unit,
    depth: dimensions.values[0]!,
    width: dimensions.values[1]!,
    height: dimensions.values[2]!,
    dimension_unit: dimensions.unit,
    ...(product.barcode ? { barcode: product.barcode } : {}),
    primary_image: primary!,
    images: rest,
    attributes,
    ...cardVideos(complexAttributes, videos),
  };
  return { ok: true, items: variantInput ? variantItems(item, variantInput, imageUrls) : [{ variant_id: null, item }] };
}
