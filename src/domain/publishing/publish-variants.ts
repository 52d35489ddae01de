import { type FieldProblem } from '../common/errors.ts';
import { type Product } from '../catalog/product.ts';
import { type CardAttribute } from './publish-card.ts';
import { type AttributeRule, dictionaryKey } from './publish-category-checks.ts';
import { MAX_IMAGES, isPublicImageUrl, pricesFor } from './publish-checks.ts';
import { type ShopCurrency } from '../shops/shop.ts';
import { hasChinese } from '../common/text.ts';
import { type Variant, VARIANT_OFFER_ID_MAX_LENGTH, variantName } from '../variants/variant.ts';
import { duplicateAspectPairs, repeatedOfferIds } from '../variants/variant-rules.ts';

/**
 * A product with variants goes out as one card per enabled variant (docs/decisions.md, Variants): the same model name
 * (9048) on each so the marketplace merges them into one card, each with its own offer id, price, picture,
 * colour name (10097) and aspect values. The checks hold for what the seller chose; nothing is made up.
 */

/** «Название модели»: the merge key, identical on every variant. */
export const MODEL_NAME_ATTRIBUTE_ID = 9048;
/** «Название цвета»: the variant's own Russian name. */
export const COLOUR_NAME_ATTRIBUTE_ID = 10097;
/** Attributes the variant path fills itself, never asked of the seller per category rule. */
export const FILLED_FOR_VARIANTS = new Set([MODEL_NAME_ATTRIBUTE_ID, COLOUR_NAME_ATTRIBUTE_ID]);

export type VariantPublishInput = {
  readonly product: Product;
  readonly currency: ShopCurrency;
  /** The variant's own picture (its SKU image, stored and made absolute), if it has one. */
  readonly imageOf: (variant: Variant) => string | undefined;
  /** The category's aspect attributes (`is_aspect`, plain) and the dictionary entries found; absent without a category. */
  readonly aspects?: { readonly rules: readonly AttributeRule[]; readonly knownValues: ReadonlySet<string> };
  /** The policy's `defaults.min_price_percent` (docs/decisions.md, Price rules); each variant's minimum price is its own share. */
  readonly minPricePercent?: number | null;
};

/** The product's own 9048 value, trimmed ('' when unset). */
function ownModelName(product: Pick<Product, 'attributes'>): string {
  const raw = product.attributes[String(MODEL_NAME_ATTRIBUTE_ID)];
  const first = Array.isArray(raw) ? raw[0] : raw;
  const text =
    typeof first === 'string' ? first : first && typeof first === 'object' && !Array.isArray(first) && typeof first.value === 'string' ? first.value : '';
  return text.trim();
}

/** The model name every variant carries: the product's own 9048 value when set, else its offer id. */
export function modelName(product: Pick<Product, 'attributes' | 'offer_id'>): string {
  return ownModelName(product) || product.offer_id.trim();
}

/**
 * The model name (9048) publishing sends, as the pre-flight checks it: with variants `modelName` (the variant path
 * fills it in); without, only the product's own value, which the category's required-attribute check asks for when
 * missing (nothing is made up). offers.csv prints this, so it never shows a name the pre-flight calls missing.
 */
export const sentModelName = (product: Pick<Product, 'attributes' | 'offer_id' | 'variants'>): string =>
  product.variants.length > 0 ? modelName(product) : ownModelName(product);

/** The variant's aspect values as the card's characteristics. */
export const aspectAttributes = (variant: Variant): CardAttribute[] =>
  Object.entries(variant.aspects)
    .filter(([, values]) => values.length > 0)
    .map(([id, values]) => ({ id: Number(id), values: values.map((value) => ({ ...value })) }));

function aspectProblems(variant: Variant, at: string, aspects: NonNullable<VariantPublishInput['aspects']>): FieldProblem[] {
  const problems: FieldProblem[] = [];
  for (const rule of aspects.rules) {
    if (FILLED_FOR_VARIANTS.has(rule.id)) continue;
    const values = variant.aspects[String(rule.id)] ?? [];
    const label = `款式${variantName(variant)}的「${rule.name || rule.id}」（${rule.id}）`;
    const path = `${at}/aspects/${rule.id}`;
    if (values.length === 0) problems.push({ path, message: `${label}未选择，请从平台字典中选择` });
    else if (!rule.is_collection && values.length > 1) problems.push({ path, message: `${label}只能选一个值` });
    if (rule.dictionary_id === 0) continue;
    values.forEach((value, index) => {
      if (value.dictionary_value_id === undefined) problems.push({ path: `${path}/${index}`, message: `${label}必须从平台字典中选择` });
      else if (!aspects.knownValues.has(dictionaryKey(rule.id, value.dictionary_value_id)))
        problems.push({ path: `${path}/${index}`, message: `${label}的值 ${value.dictionary_value_id} 不在平台字典中，请重新选择` });
    });
  }
  return problems;
}

/** Every publish check of the variants (docs/decisions.md, Variants), each problem at `variants/{index}/…`. */
export function variantPublishProblems({ product, currency, imageOf, aspects }: VariantPublishInput): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const enabled = product.variants.filter((variant) => variant.enabled);
  if (enabled.length === 0) return [{ path: 'variants', message: '所有款式都已停用，至少启用一个款式' }];
  if (!modelName(product))
    problems.push({ path: `attributes/${MODEL_NAME_ATTRIBUTE_ID}`, message: '缺少型号名称（9048），它把各款式合并到同一张卡片；不填时使用商品货号' });
  for (const rule of aspects?.rules ?? []) {
    if (!FILLED_FOR_VARIANTS.has(rule.id) && product.attributes[String(rule.id)] !== undefined) {
      problems.push({
        path: `attributes/${rule.id}`,
        message: `「${rule.name || rule.id}」（${rule.id}）是区分款式的规格属性，请在各款式中填写，不要填在商品上`,
      });
    }
  }
  product.variants.forEach((variant, index) => {
    if (!variant.enabled) return;
    const at = `variants/${index}`;
    const name = `款式${variantName(variant)}`;
    if (!variant.label_ru?.trim()) problems.push({ path: `${at}/label_ru`, message: `${name}缺少俄文名称（发送为「颜色名称」10097）` });
    else if (hasChinese(variant.label_ru)) problems.push({ path: `${at}/label_ru`, message: `${name}的俄文名称含有中文字符，平台会拒绝` });
    if (!variant.offer_id) problems.push({ path: `${at}/offer_id`, message: `${name}缺少货号（先填写商品货号）` });
    else if (variant.offer_id.length > VARIANT_OFFER_ID_MAX_LENGTH)
      problems.push({ path: `${at}/offer_id`, message: `${name}的货号超过 ${VARIANT_OFFER_ID_MAX_LENGTH} 个字符` });
    else if (hasChinese(variant.offer_id)) problems.push({ path: `${at}/offer_id`, message: `${name}的货号含有中文字符，平台会拒绝` });
    const priceProblems: FieldProblem[] = [];
    pricesFor(variantAsProduct(product, variant), currency, priceProblems);
    problems.push(...priceProblems.map((problem) => ({ path: `${at}/${problem.path}`, message: `${name}${problem.message}` })));
    const image = imageOf(variant);
    if (!image) problems.push({ path: `${at}/image_asset_id`, message: `${name}没有自己的图片（需要一张已保存的 SKU 图）` });
    else if (!isPublicImageUrl(image))
      problems.push({ path: `${at}/image_asset_id`, message: `${name}的图片地址不是公网可访问的绝对地址（需要配置 PUBLIC_BASE_URL 或对象存储）：${image}` });
    if (variant.barcode && hasChinese(variant.barcode)) problems.push({ path: `${at}/barcode`, message: `${name}的条码含有中文字符，平台会拒绝` });
    if (aspects) problems.push(...aspectProblems(variant, at, aspects));
  });
  for (const offer of repeatedOfferIds(enabled)) problems.push({ path: 'variants', message: `款式货号 ${offer} 重复，每个款式需要不同的货号` });
  for (const [a, b] of duplicateAspectPairs(product.variants)) {
    problems.push({
      path: `variants/${product.variants.indexOf(b)}/aspects`,
      message: `${variantName(a)}与${variantName(b)}的规格值完全相同，平台无法区分，请改选或停用其中一个`,
    });
  }
  return problems;
}

/** The product as the price check reads it, with the variant's computed price in place of its own. */
export const variantAsProduct = (product: Product, variant: Variant): Product => ({
  ...product,
  price: variant.price,
  old_price: variant.old_price,
  pricing: { ...product.pricing, result: variant.breakdown ? { ...variant.breakdown } : null },
});

/** The product's shared pictures for one variant's item: without any variant's SKU picture, at most 49 beside the primary. */
export const sharedImagesFor = (shared: readonly string[], skuImages: ReadonlySet<string>): string[] =>
  shared.filter((url) => !skuImages.has(url)).slice(0, MAX_IMAGES - 1);
