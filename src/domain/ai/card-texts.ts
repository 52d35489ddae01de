import { type PlanItem, type SuiteKind } from './suite-plan.ts';
import { hasChinese } from '../common/text.ts';
import { GRAMS_PER_UNIT } from '../pricing/product-pricing.ts';

/**
 * The Russian texts a suite card carries. The marketplace is Russian and our bundled font has no Chinese
 * glyphs, so only text free of Chinese characters is ever drawn; the rest falls back to fixed Russian labels.
 */
export type CardTexts = {
  readonly headline: string | null;
  readonly points: string[];
  readonly sizes: string[];
  readonly variant: string | null;
};

export type CardSource = {
  /** The product's Russian title (generated copy or its name), if any. */
  readonly title_ru: string | null;
  readonly tags: readonly string[];
  readonly texts: readonly { readonly kind: string; readonly content: string }[];
  readonly dimensions: { readonly depth: number | null; readonly width: number | null; readonly height: number | null; readonly unit: string };
  readonly weight: { readonly value: number | null; readonly unit: string };
};

const KIND_HEADLINES: Readonly<Record<SuiteKind, string | null>> = {
  white_bg: null,
  title: null,
  selling_points: 'Преимущества',
  lifestyle: null,
  detail: 'Детали',
  size_chart: 'Размеры',
  material: 'Материал',
  package_contents: 'Комплектация',
  usage_steps: 'Как пользоваться',
  comparison: 'Сравнение',
  sku_variant: null,
};

const MAX_POINTS = 5;
const MAX_POINT_CHARS = 80;

const russian = (text: string | null | undefined): string | null => {
  const trimmed = text?.trim();
  return trimmed && !hasChinese(trimmed) ? trimmed : null;
};

const TO_CM: Readonly<Record<string, number>> = { mm: 0.1, cm: 1, m: 100, in: 2.54 };

const format = (value: number): string => String(Math.round(value * 10) / 10).replace('.', ',');

/** `Длина: 30 см`-style lines from the product's dimensions and weight (only the ones it has). */
export function sizeLines(source: CardSource['dimensions'], weight: CardSource['weight']): string[] {
  const factor = TO_CM[source.unit] ?? TO_CM.mm!;
  const lines: string[] = [];
  const add = (label: string, value: number | null, unitFactor: number, unit: string) => {
    if (value !== null && value > 0) lines.push(`${label}: ${format(value * unitFactor)} ${unit}`);
  };
  add('Длина', source.depth, factor, 'см');
  add('Ширина', source.width, factor, 'см');
  add('Высота', source.height, factor, 'см');
  add('Вес', weight.value, GRAMS_PER_UNIT[weight.unit] ?? 1, 'г');
  return lines;
}

/** What one planned image says: a headline, up to five points, size callouts, and the variant label. */
export function cardTexts(source: CardSource, item: PlanItem): CardTexts {
  const fromTitle = russian(item.title);
  const productTitle = russian(source.title_ru);
  const kindHeadline = item.kind === 'title' || item.kind === 'lifestyle' || item.kind === 'sku_variant' ? productTitle : KIND_HEADLINES[item.kind];
  const headline = item.kind === 'white_bg' ? null : (fromTitle ?? kindHeadline ?? (item.kind === 'title' ? 'Новинка' : null));
  const sellingPoints = source.texts.filter((text) => text.kind === 'selling_point').map((text) => russian(text.content));
  const candidates = [...sellingPoints, ...source.tags.map(russian), russian(item.detail)];
  const points = [...new Set(candidates.filter((text): text is string => text !== null).map((text) => text.slice(0, MAX_POINT_CHARS)))].slice(0, MAX_POINTS);
  return {
    headline,
    points: item.kind === 'white_bg' ? [] : points,
    sizes: item.kind === 'size_chart' ? sizeLines(source.dimensions, source.weight) : [],
    variant: russian(item.variant_name),
  };
}
