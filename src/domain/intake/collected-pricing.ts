import { type JsonObject, type JsonValue } from '../common/json.ts';
import { GRAMS_PER_UNIT } from '../pricing/product-pricing.ts';
import { type Product } from '../catalog/product.ts';

/**
 * Cost and weight read from the texts the extension collected (docs/decisions.md, Intake and assets): a product starts priced from
 * what its source page says, and the seller's own values always win.
 */

const NUMBER = String.raw`(\d+(?:[.,]\d+)?)`;
const toNumber = (text: string): number => Number(text.replace(',', '.'));
const positive = (values: number[]): number[] => values.filter((value) => Number.isFinite(value) && value > 0);
const lowest = (values: number[]): number | undefined => (values.length === 0 ? undefined : Math.min(...values));

/** `¥18.50`, `￥18.5`, `18.5元`, `¥15.00-¥25.00`, `15~25元`, or a bare `18.50` / `15.00-25.00`: the lowest price in yuan. */
export function parseCostCny(text: string): number | undefined {
  // A rouble price is the marketplace page's (docs/decisions.md, Follow-selling), never a cost in yuan.
  if (/₽|руб/i.test(text)) return undefined;
  const found: number[] = [];
  const range = new RegExp(String.raw`[¥￥]?\s*${NUMBER}\s*(?:元)?\s*[-~～—–至]\s*[¥￥]?\s*${NUMBER}\s*元?`, 'g');
  const marked = new RegExp(String.raw`[¥￥]\s*${NUMBER}|${NUMBER}\s*元`, 'g');
  for (const match of text.matchAll(range)) {
    if (/[¥￥元]/.test(match[0]) || /^\s*[\d.,\s\-~～—–至]+\s*$/.test(text)) found.push(toNumber(match[1]!), toNumber(match[2]!));
  }
  for (const match of text.matchAll(marked)) found.push(toNumber(match[1] ?? match[2]!));
  const bare = new RegExp(String.raw`^\s*${NUMBER}\s*$`).exec(text);
  if (bare) found.push(toNumber(bare[1]!));
  return lowest(positive(found));
}

const WEIGHT_UNITS: Readonly<Record<string, number>> = { kg: 1000, 千克: 1000, 公斤: 1000, g: 1, 克: 1, 斤: 500 };

/** `重量 320g`, `毛重：0.32kg`, `净重 320克`: grams (the first weight the text states). */
export function parseWeightGrams(text: string): number | undefined {
  const pattern = new RegExp(String.raw`${NUMBER}\s*(kg|千克|公斤|g|克|斤)(?![a-z])`, 'i');
  const match = pattern.exec(text);
  if (!match) return undefined;
  const grams = toNumber(match[1]!) * WEIGHT_UNITS[match[2]!.toLowerCase()]!;
  // Two decimals of a gram at most: 0.32 kg is 320 g, not 320.00000000000006.
  const rounded = Math.round(grams * 100) / 100;
  return rounded > 0 && rounded <= 1_000_000 ? rounded : undefined;
}

type CollectedText = { kind: string; content: string; pairs: { key: string; value: string }[] };

function collectedTexts(raw: JsonObject): CollectedText[] {
  const texts = Array.isArray(raw.texts) ? raw.texts : [];
  return texts.flatMap((text: JsonValue) => {
    if (text === null || typeof text !== 'object' || Array.isArray(text)) return [];
    const pairs = Array.isArray(text.pairs)
      ? text.pairs.flatMap((pair) =>
          pair && typeof pair === 'object' && !Array.isArray(pair) ? [{ key: String(pair.key ?? ''), value: String(pair.value ?? '') }] : [],
        )
      : [];
    return [{ kind: String(text.kind ?? ''), content: String(text.content ?? ''), pairs }];
  });
}

const WEIGHT_KEY = /重量|毛重|净重|weight/i;
const PRICE_KEY = /价/;

/** The cost in yuan the collected texts state (price texts and 价 parameters), the lowest when several. */
export function collectedCostCny(raw: JsonObject): number | undefined {
  const found: number[] = [];
  for (const text of collectedTexts(raw)) {
    if (text.kind === 'price') {
      const cost = parseCostCny(text.content);
      if (cost !== undefined) found.push(cost);
    }
    for (const pair of text.pairs) {
      const cost = PRICE_KEY.test(pair.key) ? parseCostCny(pair.value) : undefined;
      if (cost !== undefined) found.push(cost);
    }
  }
  return lowest(found);
}

/** The weight in grams the collected texts state (a 重量/毛重/净重 parameter, or such a phrase in a text). */
export function collectedWeightGrams(raw: JsonObject): number | undefined {
  for (const text of collectedTexts(raw)) {
    for (const pair of text.pairs) {
      const grams = WEIGHT_KEY.test(pair.key) ? parseWeightGrams(pair.value) : undefined;
      if (grams !== undefined) return grams;
    }
    const phrase = /(?:重量|毛重|净重)\s*[:：]?\s*(.{0,20})/.exec(text.content);
    const grams = phrase ? parseWeightGrams(phrase[1]!) : undefined;
    if (grams !== undefined) return grams;
  }
  return undefined;
}

export const PREFILLABLE = ['cost_cny', 'weight_g'] as const;
export type Prefillable = (typeof PREFILLABLE)[number];

const prefilledOf = (pricing: JsonObject): Prefillable[] =>
  Array.isArray(pricing.prefilled) ? PREFILLABLE.filter((key) => (pricing.prefilled as JsonValue[]).includes(key)) : [];

const withPrefilled = (pricing: JsonObject, keys: Prefillable[]): JsonObject => {
  const { prefilled: _old, ...rest } = pricing;
  return keys.length === 0 ? rest : { ...rest, prefilled: keys };
};

/**
 * Fills `pricing.cost_cny` and `pricing.weight_g` from the collected texts where the product has none (the
 * seller's value wins), and lists what was filled in `pricing.prefilled`. A filled weight sets `weight` too.
 */
export function prefillPricing(product: Product): Product {
  let pricing = product.pricing;
  const filled = prefilledOf(pricing);
  const cost = pricing.cost_cny === undefined || pricing.cost_cny === null ? collectedCostCny(product.raw) : undefined;
  if (cost !== undefined) {
    pricing = { ...pricing, cost_cny: cost };
    filled.push('cost_cny');
  }
  const hasWeight = (pricing.weight_g !== undefined && pricing.weight_g !== null) || product.weight !== null;
  const grams = hasWeight ? undefined : collectedWeightGrams(product.raw);
  let next: Product = product;
  if (grams !== undefined) {
    pricing = { ...pricing, weight_g: grams };
    filled.push('weight_g');
    next = { ...next, weight: gramsIn(grams, product.weight_unit) };
  }
  return filled.length === prefilledOf(product.pricing).length ? next : { ...next, pricing: withPrefilled(pricing, filled) };
}

/** `grams` expressed in `unit` (g when the unit is unknown), to 3 decimals. */
export function gramsIn(grams: number, unit: string): number {
  const perUnit = GRAMS_PER_UNIT[unit] ?? 1;
  return Math.round((grams / perUnit) * 1000) / 1000;
}

/**
 * One weight (docs/decisions.md, Products and stages): `weight` (in `weight_unit`) and `pricing.weight_g` always say the same. Whichever
 * the edit changed sets the other; when both changed, `pricing.weight_g` wins. An edited cost or weight is the
 * seller's and leaves `pricing.prefilled`.
 */
export function unifyWeight(before: Product, after: Product): Product {
  const gramsBefore = before.pricing.weight_g ?? null;
  const gramsAfter = after.pricing.weight_g ?? null;
  const gramsChanged = JSON.stringify(gramsBefore) !== JSON.stringify(gramsAfter);
  const weightChanged = before.weight !== after.weight || before.weight_unit !== after.weight_unit;
  let next = after;
  if (gramsChanged) {
    next = { ...next, weight: typeof gramsAfter === 'number' ? gramsIn(gramsAfter, after.weight_unit) : null };
  } else if (weightChanged) {
    const perUnit = GRAMS_PER_UNIT[after.weight_unit];
    const { weight_g: _old, ...rest } = after.pricing;
    const grams = after.weight !== null && perUnit !== undefined ? Math.round(after.weight * perUnit * 100) / 100 : undefined;
    next = { ...next, pricing: grams === undefined ? rest : { ...rest, weight_g: grams } };
  }
  const costChanged = JSON.stringify(before.pricing.cost_cny ?? null) !== JSON.stringify(after.pricing.cost_cny ?? null);
  const kept = prefilledOf(before.pricing).filter((key) => !(key === 'cost_cny' ? costChanged : gramsChanged || weightChanged));
  if (kept.length === prefilledOf(before.pricing).length) return next;
  return { ...next, pricing: withPrefilled(next.pricing, kept) };
}
