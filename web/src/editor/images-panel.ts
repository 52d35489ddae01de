import { messageOf } from '../api/client.ts';
import type { Asset, AssetList, UploadReply } from '../api/types.ts';
import { h, mount } from '../lib/dom.ts';
import { download } from '../lib/exports.ts';
import { ASSET_STATUS_LABELS, GROUP_LABELS, label } from '../lib/labels.ts';
import { toast } from '../lib/toast.ts';
import type { Panel } from './context.ts';
import { imageEditDialog } from './image-edit.ts';
import { chosenImages, thumb } from './chosen-images.ts';
import { MAX_LISTING_IMAGES, downloading, failedCount, sectionsOf, withAdded } from './image-list.ts';

/** While downloads run, the asset list refreshes this often. */
const REFRESH_MS = 3_000;

/** The images step: downloads with their status, retry, upload, the listing's image order, and AI edits. */
export const imagesPanel: Panel = (ctx, host) => {
  let assets: readonly Asset[] = ctx.saved().assets ?? [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const library = h('div', { class: 'asset-groups', id: 'asset-library' });
  const retryButton = h('button', { id: 'retry-failed', onclick: () => void retry() }, '重试失败的下载');
  const fileInput = h('input', { type: 'file', accept: 'image/jpeg,image/png,image/webp,image/gif,image/avif', multiple: true, id: 'upload-input', style: 'display:none', onchange: () => void upload() });
  const dialog = h('div', { class: 'edit-dialog' });

  async function load(): Promise<void> {
    clearTimeout(timer);
    try {
      assets = (await ctx.app.api.json<AssetList>(`/api/products/${ctx.id}/assets`)).items;
      render();
    } catch (error) {
      mount(library, h('p', { class: 'form-error' }, messageOf(error)));
    }
    if (!stopped && downloading(assets)) timer = setTimeout(() => void load(), REFRESH_MS);
  }

  async function retry(): Promise<void> {
    try {
      const { requeued } = await ctx.app.api.json<{ requeued: number }>(`/api/products/${ctx.id}/assets/retry`, { method: 'POST' });
      toast(requeued > 0 ? `已重新排队 ${requeued} 张图片` : '没有需要重试的图片');
      await load();
    } catch (error) {
      toast(messageOf(error), 'error');
    }
  }

  async function upload(): Promise<void> {
    const files = [...(fileInput.files ?? [])];
    fileInput.value = '';
    for (const file of files) {
      const form = new FormData();
      form.append('product_id', ctx.id);
      form.append('group_key', 'upload');
      form.append('meta', JSON.stringify({ groupKey: 'upload', groupName: '上传', type: 'img', dedupeKey: `upload:${file.name}:${file.size}` }));
      form.append('file', file, file.name);
      try {
        await ctx.app.api.json<UploadReply>('/api/materials/bytes', { method: 'POST', body: form, timeoutMs: 120_000 });
        toast(`已上传 ${file.name}`);
      } catch (error) {
        toast(`${file.name}：${messageOf(error)}`, 'error');
      }
    }
    await load();
  }

  async function zip(): Promise<void> {
    const stored = assets.filter((asset) => asset.status === 'stored' && asset.stored_url);
    if (stored.length === 0) return toast('没有已保存的图片可以打包', 'error');
    const title = ctx.preview().offer_id || ctx.preview().name || ctx.id;
    const images = stored.map((asset) => ({
      url: new URL(asset.stored_url, location.origin).href,
      groupName: asset.group_name || label(GROUP_LABELS, asset.group_key),
      variantName: asset.variant_name,
      key: `${asset.group_key}-${String(asset.index + 1).padStart(2, '0')}`,
    }));
    try {
      await download(ctx.app.api, '/api/export/images', `${title}.zip`, { method: 'POST', json: { title, images }, timeoutMs: 120_000 });
    } catch (error) {
      toast(messageOf(error), 'error');
    }
  }

  function card(asset: Asset): HTMLElement {
    const url = asset.status === 'stored' ? asset.stored_url : '';
    const chosen = (ctx.preview().images ?? []).includes(url);
    const statusClass = asset.status === 'failed' ? 'badge-error' : asset.status === 'stored' ? 'badge-ok' : 'badge-warn';
    return h(
      'div',
      { class: chosen ? 'asset chosen' : 'asset', 'data-asset-id': asset.asset_id, 'data-status': asset.status },
      thumb(url, asset.group_name),
      h(
        'div',
        { class: 'meta' },
        h('div', { class: 'row' }, h('span', { class: `badge ${statusClass}` }, label(ASSET_STATUS_LABELS, asset.status)), asset.width ? h('span', { class: 'muted' }, `${asset.width}×${asset.height}`) : null),
        asset.status === 'failed' && asset.error ? h('div', { class: 'form-error small', title: asset.error }, asset.error.slice(0, 80)) : null,
        url
          ? h(
              'div',
              { class: 'row' },
              chosen ? null : h('button', { class: 'small', onclick: () => ctx.edit('images', withAdded(ctx.preview().images ?? [], url)) }, '加入上架图'),
              h('button', { class: 'small', onclick: () => imageEditDialog(ctx, dialog, asset, () => void load()) }, 'AI 修图'),
            )
          : null,
      ),
    );
  }

  function render(): void {
    const failed = failedCount(assets);
    retryButton.textContent = failed > 0 ? `重试失败的下载（${failed}）` : '重试失败的下载';
    retryButton.disabled = failed === 0;
    const sections = sectionsOf(assets);
    mount(
      library,
      sections.length === 0
        ? h('p', { class: 'muted' }, '这个商品还没有图片。')
        : sections.map((section) =>
            h(
              'section',
              { 'data-group': section.group },
              h('h4', null, `${label(GROUP_LABELS, section.group)}（${section.variants.reduce((n, v) => n + v.assets.length, 0)}）`),
              section.variants.map((variant) => [variant.variant ? h('div', { class: 'muted small' }, `款式：${variant.variant}`) : null, h('div', { class: 'asset-grid' }, variant.assets.map(card))]),
            ),
          ),
    );
  }

  ctx.subscribe(render);
  render();
  void load();
  const toolbar = h(
    'div',
    { class: 'toolbar' },
    h('h3', { style: 'margin:0' }, '图片素材'),
    h('div', { class: 'spacer' }),
    h('button', { onclick: () => void load() }, '刷新'),
    retryButton,
    h('button', { id: 'upload-button', onclick: () => fileInput.click() }, '上传图片'),
    fileInput,
    h('button', { id: 'export-images', onclick: () => void zip() }, '打包下载图片'),
  );
  mount(
    host,
    h(
      'div',
      { class: 'stack' },
      dialog,
      h(
        'div',
        { class: 'images-layout' },
        h('section', { class: 'card' }, h('h3', null, `上架图片（第一张为主图，最多 ${MAX_LISTING_IMAGES} 张）`), chosenImages(ctx)),
        h('section', { class: 'card' }, toolbar, library),
      ),
    ),
  );
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
};
