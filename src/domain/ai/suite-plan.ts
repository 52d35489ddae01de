/**
 * The image suite plan (docs/decisions.md, AI): which kinds of image a listing gets and how many of each.
 * A planner (model or rules) proposes items; `cleanPlan` is the one gate they pass before anyone sees them.
 */
export const SUITE_KINDS = [
  'white_bg',
  'title',
  'selling_points',
  'lifestyle',
  'detail',
  'size_chart',
  'material',
  'package_contents',
  'usage_steps',
  'comparison',
  'sku_variant',
] as const;
export type SuiteKind = (typeof SUITE_KINDS)[number];
export const isSuiteKind = (value: unknown): value is SuiteKind => typeof value === 'string' && (SUITE_KINDS as readonly string[]).includes(value);

export const MAX_COUNT_PER_ITEM = 3;
/** The suggested size of a suite; outside it the plan carries a warning, not an error. */
export const SUGGESTED_TOTAL = { min: 8, max: 15 } as const;
export const MAX_REFERENCES = 2;
/** The most images one suite job may make (a marketplace card takes at most 30 images). */
export const MAX_SUITE_IMAGES = 45;

export type PlanItem = {
  readonly kind: SuiteKind;
  readonly title: string;
  readonly detail: string;
  readonly prompt_hint: string;
  /** 0..3 images of this item. */
  readonly count: number;
  /** The SKU variant the item is bound to, or null. */
  readonly variant_name: string | null;
};

export type CleanedPlan = { readonly items: PlanItem[]; readonly total: number; readonly warnings: string[] };

const TEXT_LIMITS = { title: 120, detail: 1000, prompt_hint: 1000 } as const;

const clampCount = (value: unknown): number => {
  const number = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : Number.NaN;
  if (!Number.isFinite(number)) return 0;
  return Math.min(MAX_COUNT_PER_ITEM, Math.max(0, Math.round(number)));
};

const textOf = (value: unknown, max: number): string => (typeof value === 'string' ? value.trim().slice(0, max) : '');

/**
 * Cleans what a planner proposed: items of unknown kind are dropped, `count` is rounded and clamped to 0..3, a
 * `variant_name` not among `variants` becomes null, texts are trimmed and capped. Adds the total and warnings.
 */
export function cleanPlan(items: readonly unknown[], variants: readonly string[]): CleanedPlan {
  const warnings: string[] = [];
  const known = new Set(variants);
  const cleaned: PlanItem[] = [];
  let dropped = 0;
  let unbound = 0;
  for (const raw of items) {
    const item = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
    if (!isSuiteKind(item.kind)) {
      dropped += 1;
      continue;
    }
    const variant = typeof item.variant_name === 'string' && known.has(item.variant_name) ? item.variant_name : null;
    if (variant === null && item.variant_name !== null && item.variant_name !== undefined) unbound += 1;
    cleaned.push({
      kind: item.kind,
      title: textOf(item.title, TEXT_LIMITS.title),
      detail: textOf(item.detail, TEXT_LIMITS.detail),
      prompt_hint: textOf(item.prompt_hint, TEXT_LIMITS.prompt_hint),
      count: clampCount(item.count),
      variant_name: variant,
    });
  }
  const total = cleaned.reduce((sum, item) => sum + item.count, 0);
  if (dropped > 0) warnings.push(`已忽略 ${dropped} 个不支持的图片类型`);
  if (unbound > 0) warnings.push(`${unbound} 个条目的 SKU 变体不存在，已取消绑定`);
  if (total < SUGGESTED_TOTAL.min || total > SUGGESTED_TOTAL.max) {
    warnings.push(`计划共 ${total} 张图，建议 ${SUGGESTED_TOTAL.min}–${SUGGESTED_TOTAL.max} 张`);
  }
  return { items: cleaned, total, warnings };
}

/** One image to generate: the plan item it comes from and its 0-based position in the suite. */
export type SuiteImageJob = {
  readonly position: number;
  /** 1-based copy number within its item (count 3 gives copies 1, 2, 3). */
  readonly copy: number;
  readonly item: PlanItem;
};

/** One job per image: each item repeated `count` times, in plan order. */
export function expandPlan(items: readonly PlanItem[]): SuiteImageJob[] {
  const jobs: SuiteImageJob[] = [];
  for (const item of items) {
    for (let copy = 1; copy <= item.count; copy += 1) jobs.push({ position: jobs.length, copy, item });
  }
  return jobs;
}

export type ReferenceCandidate = {
  readonly url: string;
  readonly group_key: string;
  readonly variant_name: string | null;
};

/**
 * The reference images of one job: the images of exactly its variant when it has one and any match, otherwise
 * the first main image; at most two. With no main image at all, the first image given stands in for it.
 */
export function resolveReferences<T extends ReferenceCandidate>(images: readonly T[], variant: string | null): T[] {
  if (variant !== null) {
    const matches = images.filter((image) => image.variant_name === variant);
    if (matches.length > 0) return matches.slice(0, MAX_REFERENCES);
  }
  const main = images.find((image) => image.group_key === 'main') ?? images[0];
  return main ? [main] : [];
}
