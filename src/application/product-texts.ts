import { type PlannerText } from '../domain/ai/rules-planner.ts';

/** The collected texts stored in a product's `raw.texts`, skipping anything malformed. */
export function collectedTexts(value: unknown): PlannerText[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry) => {
    if (typeof entry !== 'object' || entry === null) return [];
    const { kind, content, pairs } = entry as Record<string, unknown>;
    if (typeof kind !== 'string' || typeof content !== 'string') return [];
    const validPairs = Array.isArray(pairs)
      ? pairs.filter((pair): pair is { key: string; value: string } => typeof pair?.key === 'string' && typeof pair?.value === 'string')
      : [];
    return [{ kind, content, pairs: validPairs }];
  });
}
