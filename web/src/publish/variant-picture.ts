import type { ProductDetail } from '../api/types.ts';
import { h } from '../lib/dom.ts';
import { GROUP_LABELS, label } from '../lib/labels.ts';

type Picture = ProductDetail['assets'][number];

/** How a picture is named in the choice: the colour it was collected for first (the narrow list shows the start), then its group and place. */
const pictureName = (picture: Picture, place: number): string => {
  const where = `${label(GROUP_LABELS, picture.group_key)} ${place}`;
  return picture.variant_name ? `${picture.variant_name}（${where}）` : where;
};

/**
 * A variant's picture: its thumbnail and a choice among the product's stored pictures. A 1688 listing often has no
 * SKU picture for one colour, and the publish checks want one per variant: the seller picks any of the product's.
 */
export function variantPictureCell(
  product: ProductDetail,
  variant: { readonly label_zh: string; readonly image_asset_id: string | null },
  path: string,
  onPick: (assetId: string | null) => void,
): HTMLElement {
  const pictures = product.assets.filter((asset) => asset.type !== 'video' && asset.status === 'stored' && asset.stored_url);
  const places = new Map<string, number>();
  const thumb = h('img', { alt: variant.label_zh, class: 'variant-thumb' });
  const none = h('span', { class: 'muted small' }, '无图');
  const show = (assetId: string | null): void => {
    const picture = pictures.find((asset) => asset.asset_id === assetId);
    thumb.hidden = !picture;
    none.hidden = Boolean(picture);
    if (picture) thumb.src = picture.stored_url;
  };
  const choice = h(
    'select',
    { class: 'variant-picture-choice', 'aria-label': `${variant.label_zh} 图片`, title: '这张图作为该款式的主图，不会出现在其他款式的图片里' },
    h('option', { value: '' }, '选择图片…'),
    pictures.map((picture) => {
      const place = (places.get(picture.group_key) ?? 0) + 1;
      places.set(picture.group_key, place);
      return h('option', { value: picture.asset_id }, pictureName(picture, place));
    }),
  );
  choice.value = variant.image_asset_id ?? '';
  choice.addEventListener('change', () => {
    show(choice.value || null);
    onPick(choice.value || null);
  });
  show(variant.image_asset_id);
  return h('td', { 'data-path': path }, thumb, none, choice);
}
