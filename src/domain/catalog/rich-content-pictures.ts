import { type Asset } from '../media/asset.ts';
import { isVideoAsset } from '../media/video-format.ts';

/** A stored picture: videos are never rich-content pictures (docs/decisions.md, Videos). */
export const isStoredPicture = (asset: Asset): boolean => asset.status === 'stored' && asset.stored_url !== '' && !isVideoAsset(asset);

const byIndex = (a: Asset, b: Asset): number => a.index - b.index;

/**
 * The pictures of `images: "detail"` (docs/decisions.md, Rich content, issue 20 "prefer translated detail images"): the detail
 * pictures in their order, each replaced by its newest stored translation when it has one (its Russian text, same
 * place on the page). Translations of anything else — a main picture, or made before translations named their
 * source — come first, as they always did.
 */
export function richContentPictures(assets: readonly Asset[]): Asset[] {
  const group = (key: Asset['group_key']) => assets.filter((asset) => asset.group_key === key && isStoredPicture(asset)).sort(byIndex);
  const details = group('detail');
  const detailIds = new Set(details.map((asset) => asset.asset_id));
  const newest = new Map<string, Asset>();
  const others: Asset[] = [];
  for (const translation of group('translated')) {
    const source = translation.translated_from;
    if (source && detailIds.has(source)) newest.set(source, translation);
    else others.push(translation);
  }
  return [...others, ...details.map((detail) => newest.get(detail.asset_id) ?? detail)];
}
