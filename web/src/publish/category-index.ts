import type { CategoryNode } from '../api/marketplace-types.ts';

/** A product type the seller can pick: the last level of the tree, with its path in Chinese and Russian. */
export type TypeEntry = {
  readonly categoryId: number;
  readonly typeId: number;
  readonly zh: readonly string[];
  readonly ru: readonly string[];
  /** The marketplace does not allow new products of this type. */
  readonly disabled: boolean;
};

const keyOf = (categoryId: number, typeId: number): string => `${categoryId}:${typeId}`;

/** Every type node under its nearest category, with the names on the way down. */
function leaves(nodes: readonly CategoryNode[], path: readonly string[] = [], categoryId = 0, out = new Map<string, { path: string[]; disabled: boolean }>()) {
  for (const node of nodes) {
    if (node.type_id !== undefined) {
      out.set(keyOf(categoryId, node.type_id), { path: [...path, node.type_name ?? String(node.type_id)], disabled: node.disabled });
    } else {
      leaves(node.children, [...path, node.category_name ?? ''], node.description_category_id ?? categoryId, out);
    }
  }
  return out;
}

/**
 * Joins the tree in Chinese and in Russian into one list of types (matched by their ids), so one search box
 * finds a type by either name. A type missing from one tree keeps the other's names.
 */
export function indexTypes(zhTree: readonly CategoryNode[], ruTree: readonly CategoryNode[]): TypeEntry[] {
  const zh = leaves(zhTree);
  const ru = leaves(ruTree);
  const keys = new Set([...zh.keys(), ...ru.keys()]);
  return [...keys].map((key) => {
    const [categoryId = 0, typeId = 0] = key.split(':').map(Number);
    const a = zh.get(key);
    const b = ru.get(key);
    return { categoryId, typeId, zh: a?.path ?? b?.path ?? [], ru: b?.path ?? a?.path ?? [], disabled: (a ?? b)?.disabled ?? false };
  });
}

/**
 * Types whose Chinese or Russian path contains every word typed (any case, ё = е); a match in the type's
 * own name ranks before a match only in its parents. At most `limit` results.
 */
export function searchTypes(types: readonly TypeEntry[], query: string, limit = 50): TypeEntry[] {
  const fold = (text: string): string => text.toLowerCase().replaceAll('ё', 'е');
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  const scored: { entry: TypeEntry; score: number }[] = [];
  for (const entry of types) {
    const haystack = fold([...entry.zh, ...entry.ru].join(' / '));
    if (!words.every((word) => haystack.includes(word))) continue;
    const own = fold(`${entry.zh.at(-1) ?? ''} ${entry.ru.at(-1) ?? ''}`);
    const score = (words.every((word) => own.includes(word)) ? 0 : 2) + (entry.disabled ? 1 : 0);
    scored.push({ entry, score });
  }
  return scored
    .sort((a, b) => a.score - b.score || a.entry.zh.join().localeCompare(b.entry.zh.join(), 'zh'))
    .slice(0, limit)
    .map(({ entry }) => entry);
}

export const findType = (types: readonly TypeEntry[], categoryId: number | null, typeId: number | null): TypeEntry | undefined =>
  types.find((entry) => entry.categoryId === categoryId && entry.typeId === typeId);
