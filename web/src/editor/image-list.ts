import type { Asset } from '../api/types.ts';
import { MAX_IMAGES } from '../../../src/domain/publishing/publish-checks.ts';

const GROUP_ORDER = ['main', 'sku', 'detail', 'upload', 'generated', 'translated'] as const;

export type AssetSection = {
  readonly group: string;
  readonly variants: readonly { readonly variant: string | null; readonly assets: readonly Asset[] }[];
};

/** Assets by group (the marketplace's order: main, sku, detail, upload, generated, translated), then variant, then index. */
export function sectionsOf(assets: readonly Asset[]): AssetSection[] {
  const groups = [...new Set([...GROUP_ORDER, ...assets.map((asset) => asset.group_key)])];
  const sections: AssetSection[] = [];
  for (const group of groups) {
    const inGroup = assets.filter((asset) => asset.group_key === group).sort((a, b) => a.index - b.index);
    if (inGroup.length === 0) continue;
    const variants = [...new Set(inGroup.map((asset) => asset.variant_name))];
    sections.push({ group, variants: variants.map((variant) => ({ variant, assets: inGroup.filter((asset) => asset.variant_name === variant) })) });
  }
  return sections;
}

/** Moves one image by `delta` places; out-of-range moves leave the list as it is. */
export function move<T>(list: readonly T[], index: number, delta: number): T[] {
  const target = index + delta;
  if (index < 0 || index >= list.length || target < 0 || target >= list.length) return [...list];
  const next = [...list];
  const [item] = next.splice(index, 1);
  next.splice(target, 0, item as T);
  return next;
}

/** The primary image goes first: the marketplace shows the first image as the cover. */
export function withPrimary(list: readonly string[], url: string): string[] {
  return [url, ...list.filter((item) => item !== url)];
}

/** The marketplace's limit, the primary image included (docs/decisions.md, Publishing), shared with the publish checks. */
export const MAX_LISTING_IMAGES = MAX_IMAGES;

/** Adds an image at the end unless it is already chosen or the list is full. */
export function withAdded(list: readonly string[], url: string): string[] {
  return list.includes(url) || list.length >= MAX_LISTING_IMAGES ? [...list] : [...list, url];
}

/** Counts the failed downloads a retry would re-queue. */
export const failedCount = (assets: readonly Asset[]): number => assets.filter((asset) => asset.status === 'failed').length;

/** True while some download is still under way (the panel keeps refreshing). */
export const downloading = (assets: readonly Asset[]): boolean => assets.some((asset) => asset.status === 'pending' || asset.status === 'downloading');

/** Moves the image at `from` to position `to` (drag and drop); out-of-range positions leave the list as it is. */
export function moveTo<T>(list: readonly T[], from: number, to: number): T[] {
  if (from < 0 || from >= list.length || to < 0 || to >= list.length || from === to) return [...list];
  return move(list, from, to - from);
}

/** The keys that move a focused image in the listing order (the keyboard alternative to dragging). */
export function keyMove(key: string, index: number, length: number): number | null {
  if (key === 'ArrowLeft' || key === 'ArrowUp') return index > 0 ? index - 1 : null;
  if (key === 'ArrowRight' || key === 'ArrowDown') return index < length - 1 ? index + 1 : null;
  if (key === 'Home') return index > 0 ? 0 : null;
  if (key === 'End') return index < length - 1 ? length - 1 : null;
  return null;
}
