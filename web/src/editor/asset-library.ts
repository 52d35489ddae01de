/** The image library of the images step: its groups by kind and variant, one card per image. */
import type { Asset } from '../api/types.ts';
import { h } from '../lib/dom.ts';
import { ASSET_STATUS_LABELS, GROUP_LABELS, label } from '../lib/labels.ts';
import type { Modal } from '../lib/modal.ts';
import type { EditorContext } from './context.ts';
import { thumb } from './chosen-images.ts';
import { imageEditDialog } from './image-edit.ts';
import { sectionsOf, withAdded } from './image-list.ts';

/** What stands in for an image that is not stored yet: the download's state, visible at a glance. */
const placeholder = (status: string): HTMLElement =>
  h(
    'div',
    { class: `thumb-empty thumb-${status}` },
    status === 'failed' ? '下载失败' : [h('span', { class: 'spinner', 'aria-hidden': 'true' }), status === 'downloading' ? '正在下载…' : '排队等待下载…'],
  );

export type AssetCardDeps = {
  /** Images ticked for 翻译图中文字 (kept across refreshes of the list). */
  readonly ticked: Set<string>;
  /** The AI edit dialog the card opens. */
  readonly dialog: Modal;
  /** Loads the list again (after an edit added a picture). */
  readonly reload: () => void;
};

/**
 * One image of the library: its picture or download state, size, failure, and for a stored one the tick for
 * translation, 加入上架图 (unless it is chosen already) and AI 修图.
 */
export function assetCard(ctx: EditorContext, asset: Asset, { ticked, dialog, reload }: AssetCardDeps): HTMLElement {
  const url = asset.status === 'stored' ? asset.stored_url : '';
  const chosen = (ctx.preview().images ?? []).includes(url);
  const statusClass = asset.status === 'failed' ? 'badge-error' : asset.status === 'stored' ? 'badge-ok' : 'badge-warn';
  return h(
    'div',
    { class: chosen ? 'asset chosen' : 'asset', 'data-asset-id': asset.asset_id, 'data-status': asset.status },
    url ? thumb(url, asset.group_name) : placeholder(asset.status),
    h(
      'div',
      { class: 'meta' },
      h(
        'div',
        { class: 'row' },
        h('span', { class: `badge ${statusClass}` }, label(ASSET_STATUS_LABELS, asset.status)),
        asset.width ? h('span', { class: 'muted' }, `${asset.width}×${asset.height}`) : null,
      ),
      asset.status === 'failed' && asset.error ? h('div', { class: 'form-error small', title: asset.error }, asset.error.slice(0, 80)) : null,
      url
        ? h(
            'div',
            { class: 'row' },
            h(
              'label',
              { class: 'small', title: '勾选后可批量翻译图中文字' },
              h('input', {
                type: 'checkbox',
                class: 'translate-pick',
                checked: ticked.has(asset.asset_id),
                onchange: (event: Event) => ((event.target as HTMLInputElement).checked ? ticked.add(asset.asset_id) : ticked.delete(asset.asset_id)),
              }),
              '选',
            ),
            chosen ? null : h('button', { class: 'small', onclick: () => ctx.edit('images', withAdded(ctx.preview().images ?? [], url)) }, '加入上架图'),
            h('button', { class: 'small', onclick: () => imageEditDialog(ctx, dialog, asset, reload) }, 'AI 修图'),
          )
        : null,
    ),
  );
}

/** The library's groups (主图, SKU 图, 详情图…), each with its images under their variant. */
export function librarySections(assets: readonly Asset[], card: (asset: Asset) => HTMLElement): HTMLElement | HTMLElement[] {
  const sections = sectionsOf(assets);
  if (sections.length === 0) return h('p', { class: 'muted' }, '这个商品还没有图片。');
  return sections.map((section) =>
    h(
      'section',
      { 'data-group': section.group },
      h('h3', null, `${label(GROUP_LABELS, section.group)}（${section.variants.reduce((n, v) => n + v.assets.length, 0)}）`),
      section.variants.map((variant) => [
        variant.variant ? h('div', { class: 'muted small' }, `款式：${variant.variant}`) : null,
        h('div', { class: 'asset-grid' }, variant.assets.map(card)),
      ]),
    ),
  );
}
