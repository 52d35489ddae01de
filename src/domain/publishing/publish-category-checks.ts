import { type FieldProblem } from '../common/errors.ts';
import { DESCRIPTION_ATTRIBUTE_ID } from './publish-attributes.ts';
import { type CardAttribute } from './publish-card.ts';

/** What the checks need of one characteristic the marketplace lists for a category and type. */
export type AttributeRule = {
  readonly id: number;
  readonly name: string;
  readonly is_required: boolean;
  readonly is_collection: boolean;
  readonly dictionary_id: number;
  readonly attribute_complex_id: number;
  readonly max_value_count: number;
  /** Tells apart the variants of one model (colour, size): set per variant, not on the product (docs/decisions.md, Variants). */
  readonly is_aspect?: boolean;
};

/** «Тип»: the import's `type_id` stands in for it (Seller API method text), so it is never asked of the seller. */
export const TYPE_ATTRIBUTE_ID = 8229;

/** Attributes our own fields fill: the description (4191) and the type (8229). */
const FILLED_BY_FIELDS = new Set([DESCRIPTION_ATTRIBUTE_ID, TYPE_ATTRIBUTE_ID]);

/** One dictionary entry a product uses: to be looked up in that attribute's values. */
export type DictionaryUse = { readonly attributeId: number; readonly valueId: number; readonly text: string };

export const dictionaryKey = (attributeId: number, valueId: number): string => `${attributeId}:${valueId}`;

const plainRules = (rules: readonly AttributeRule[]): Map<number, AttributeRule> =>
  new Map(rules.filter((rule) => rule.attribute_complex_id === 0).map((rule) => [rule.id, rule]));

/** The dictionary entries the product's plain attributes refer to, for the caller to look up before checking. */
export function dictionaryUses(attributes: readonly CardAttribute[], rules: readonly AttributeRule[]): DictionaryUse[] {
  const byId = plainRules(rules);
  return attributes.flatMap((attribute) => {
    const rule = byId.get(attribute.id);
    if (!rule || rule.dictionary_id === 0) return [];
    return attribute.values.flatMap((value) =>
      value.dictionary_value_id === undefined ? [] : [{ attributeId: attribute.id, valueId: value.dictionary_value_id, text: value.value ?? '' }],
    );
  });
}

const label = (rule: AttributeRule): string => `「${rule.name || rule.id}」（${rule.id}）`;

/**
 * The category's rules applied to the attributes about to be sent (docs/decisions.md, Publishing): every required plain
 * attribute has a value, dictionary attributes name an entry of that attribute's values (`knownValues` holds
 * `dictionaryKey`s found there), and single-value attributes hold one value.
 */
export function checkCategoryAttributes(
  attributes: readonly CardAttribute[],
  rules: readonly AttributeRule[],
  knownValues: ReadonlySet<string>,
): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const sent = new Map(attributes.map((attribute) => [attribute.id, attribute]));
  for (const rule of plainRules(rules).values()) {
    const path = `attributes/${rule.id}`;
    const attribute = sent.get(rule.id);
    if (!attribute || attribute.values.length === 0) {
      if (rule.is_required && !FILLED_BY_FIELDS.has(rule.id)) problems.push({ path, message: `缺少必填属性${label(rule)}` });
      continue;
    }
    if (!rule.is_collection && attribute.values.length > 1) problems.push({ path, message: `属性${label(rule)}只能填一个值` });
    else if (rule.max_value_count > 0 && attribute.values.length > rule.max_value_count) {
      problems.push({ path, message: `属性${label(rule)}最多填 ${rule.max_value_count} 个值` });
    }
    if (rule.dictionary_id === 0) continue;
    attribute.values.forEach((value, index) => {
      if (value.dictionary_value_id === undefined) {
        problems.push({ path: `${path}/${index}`, message: `属性${label(rule)}的值必须从平台字典中选择（需要 dictionary_value_id）` });
      } else if (!knownValues.has(dictionaryKey(rule.id, value.dictionary_value_id))) {
        problems.push({ path: `${path}/${index}`, message: `属性${label(rule)}的值 ${value.dictionary_value_id} 不在平台字典中，请重新选择` });
      }
    });
  }
  return problems;
}
