import { PRODUCT_GROUPS } from '../../../src/domain/catalog/product.ts';

/**
 * A pending partial update: top-level product fields replace, the groups (`pricing`, `copy`, …) are JSON
 * Merge Patches (docs/decisions.md, Products and stages), so only the keys the user touched travel.
 */
export type Patch = Record<string, unknown>;

type Plain = Record<string, unknown>;

const GROUPS: ReadonlySet<string> = new Set(PRODUCT_GROUPS);
const isPlain = (value: unknown): value is Plain => typeof value === 'object' && value !== null && !Array.isArray(value);
const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** Adds one edit to a pending patch; `group` edits merge key by key. */
export function addEdit(patch: Patch, field: string, value: unknown, group?: string): Patch {
  if (group === undefined) return { ...patch, [field]: value };
  if (!GROUPS.has(group)) throw new Error(`unknown product group ${group}`);
  const current = isPlain(patch[group]) ? patch[group] : {};
  return { ...patch, [group]: { ...current, [field]: value } };
}

/**
 * What is still unsaved after `sent` was acknowledged: a key stays when the user changed it again while the
 * request was in flight (its pending value differs from what was sent).
 */
export function withoutAcknowledged(pending: Patch, sent: Patch): Patch {
  const rest: Patch = {};
  for (const [key, value] of Object.entries(pending)) {
    if (!(key in sent)) {
      rest[key] = value;
      continue;
    }
    const sentValue = sent[key];
    if (GROUPS.has(key) && isPlain(value) && isPlain(sentValue)) {
      const group: Plain = {};
      for (const [sub, subValue] of Object.entries(value)) {
        if (!(sub in sentValue) || !same(subValue, sentValue[sub])) group[sub] = subValue;
      }
      if (Object.keys(group).length > 0) rest[key] = group;
    } else if (!same(value, sentValue)) {
      rest[key] = value;
    }
  }
  return rest;
}

export const isEmptyPatch = (patch: Patch): boolean => Object.keys(patch).length === 0;

/** The value the user sees for a field: the pending edit when there is one, else the saved product's. */
export function effectiveValue(saved: Plain, pending: Patch, field: string, group?: string): unknown {
  if (group === undefined) return field in pending ? pending[field] : saved[field];
  const pendingGroup = pending[group];
  if (isPlain(pendingGroup) && field in pendingGroup) return pendingGroup[field];
  const savedGroup = saved[group];
  return isPlain(savedGroup) ? savedGroup[field] : undefined;
}
