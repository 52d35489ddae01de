import { conflict, type FieldProblem, invalid } from '../common/errors.ts';
import { hasChinese } from '../common/text.ts';
import { type AspectValue, MAX_VARIANTS, type Variant, type VariantAspects, VARIANT_OFFER_ID_MAX_LENGTH, variantName } from './variant.ts';

/**
 * The rules a product's variants keep at every write (docs/decisions.md, Variants). They hold for what the seller chose; the
 * service never picks a colour or an offer id to make them pass.
 */

/**
 * One value as the marketplace compares it: the dictionary entry when there is one, else the text without case
 * (the marketplace treats "white" and "White" as the same card).
 */
const valueKey = (value: AspectValue): string =>
  value.dictionary_value_id !== undefined ? `#${value.dictionary_value_id}` : `=${value.value.trim().toLowerCase()}`;

/** A canonical text of a variant's aspect values, equal for two variants the marketplace could not tell apart; '' for none. */
export function aspectKey(aspects: VariantAspects): string {
  return Object.keys(aspects)
    .filter((id) => (aspects[id] ?? []).length > 0)
    .sort()
    .map((id) => `${id}:${(aspects[id] ?? []).map(valueKey).sort().join(',')}`)
    .join(';');
}

/** Pairs of enabled variants whose aspect values are all alike (variants without aspect values are not compared). */
export function duplicateAspectPairs(variants: readonly Variant[]): [Variant, Variant][] {
  const firstByKey = new Map<string, Variant>();
  const pairs: [Variant, Variant][] = [];
  for (const variant of variants) {
    if (!variant.enabled) continue;
    const key = aspectKey(variant.aspects);
    if (key === '') continue;
    const first = firstByKey.get(key);
    if (first) pairs.push([first, variant]);
    else firstByKey.set(key, variant);
  }
  return pairs;
}

/**
 * Each variant whose offer id is one of `offers`, addressed by the field that made it: the variant's own offer id
 * when the seller set it, else the product's (the variant follows it as `{offer_id}-{n}`), so the page marks the
 * field to change.
 */
export function offerIdProblems(variants: readonly Variant[], offers: readonly string[], why: string): FieldProblem[] {
  const clashing = new Set(offers);
  return variants.flatMap((variant, index) =>
    variant.offer_id !== null && clashing.has(variant.offer_id)
      ? [{ path: variant.offer_id_pinned ? `/variants/${index}/offer_id` : '/offer_id', message: `款式${variantName(variant)}的货号${why}` }]
      : [],
  );
}

/** Offer ids used by more than one of the product's variants. */
export function repeatedOfferIds(variants: readonly Variant[]): string[] {
  const seen = new Set<string>();
  const repeated = new Set<string>();
  for (const { offer_id: offer } of variants) {
    if (offer === null) continue;
    if (seen.has(offer)) repeated.add(offer);
    seen.add(offer);
  }
  return [...repeated];
}

/** The field rules of each variant, addressed as `/variants/{index}/…`. */
function fieldProblems(variants: readonly Variant[]): FieldProblem[] {
  const problems: FieldProblem[] = [];
  variants.forEach((variant, index) => {
    const at = (field: string) => `/variants/${index}/${field}`;
    if (variant.label_zh.trim() === '') problems.push({ path: at('label_zh'), message: '款式名称不能为空' });
    if (variant.label_ru !== null && hasChinese(variant.label_ru))
      problems.push({ path: at('label_ru'), message: `款式${variantName(variant)}的俄文名称含有中文字符，平台会拒绝` });
    if (variant.offer_id_pinned && variant.offer_id !== null) {
      if (variant.offer_id.trim() === '') problems.push({ path: at('offer_id'), message: '款式货号不能为空（不填请传 null，沿用商品货号）' });
      else if (variant.offer_id.length > VARIANT_OFFER_ID_MAX_LENGTH)
        problems.push({ path: at('offer_id'), message: `款式货号不能超过 ${VARIANT_OFFER_ID_MAX_LENGTH} 个字符` });
      else if (hasChinese(variant.offer_id)) problems.push({ path: at('offer_id'), message: '款式货号含有中文字符，平台会拒绝' });
    }
    if (variant.barcode && hasChinese(variant.barcode)) problems.push({ path: at('barcode'), message: '款式条形码含有中文字符，平台会拒绝' });
    for (const [attributeId, values] of Object.entries(variant.aspects)) {
      values.forEach((value, valueIndex) => {
        if (hasChinese(value.value))
          problems.push({
            path: at(`aspects/${attributeId}/${valueIndex}/value`),
            message: `款式${variantName(variant)}的规格值含有中文字符，请从平台字典中选择`,
          });
      });
    }
  });
  return problems;
}

/**
 * Refuses variants that break a rule: 422 for too many, a field rule or two enabled variants alike in every
 * aspect value (naming both by label and offer id); 409 `OFFER_ID_TAKEN` when two of them share an offer id.
 */
export function assertVariantRules(variants: readonly Variant[]): void {
  if (variants.length > MAX_VARIANTS) {
    throw invalid('TOO_MANY_VARIANTS', `每个商品最多 ${MAX_VARIANTS} 个款式，现有 ${variants.length} 个`, [
      { path: '/variants', message: `款式最多 ${MAX_VARIANTS} 个` },
    ]);
  }
  const problems = fieldProblems(variants);
  if (problems.length > 0) throw invalid('VALIDATION_FAILED', '请求参数不合法，请检查标出的字段', problems);
  const pairs = duplicateAspectPairs(variants);
  if (pairs.length > 0) {
    const described = pairs.map(([a, b]) => `${variantName(a)}与${variantName(b)}`);
    const detail = `${described.join('；')}的规格值完全相同，平台无法区分，请改选不同的颜色或尺码，或停用其中一个`;
    throw invalid(
      'VARIANT_ASPECTS_DUPLICATE',
      detail,
      pairs.map(([a, b]) => ({ path: `/variants/${variants.indexOf(b)}/aspects`, message: `${variantName(a)}与${variantName(b)}的规格值完全相同` })),
    );
  }
  const repeated = repeatedOfferIds(variants);
  if (repeated.length > 0) {
    const problems = offerIdProblems(variants, repeated, '与本商品的其他款式重复');
    throw conflict('OFFER_ID_TAKEN', `款式货号重复：${repeated.join('、')}，每个款式需要不同的货号`, problems);
  }
}
