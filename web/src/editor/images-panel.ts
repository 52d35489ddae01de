import { messageOf } from '../api/client.ts';
import type { Asset, AssetList } from '../api/types.ts';
import { uploadFiles, zipImages } from './asset-files.ts';
import { whileBusy } from '../lib/busy.ts';
import { h, mount } from '../lib/dom.ts';
import { toast } from '../lib/toast.ts';
import { modal } from '../lib/modal.ts';
import type { Panel } from './context.ts';
import { richContentPanel } from './rich-content-panel.ts';
import { videoPanel } from './video-panel.ts';
import { picturesOf } from './video-list.ts';
import { imageTranslateBar } from './image-translate.ts';
import { assetCard, librarySections } from './asset-library.ts';
import { chosenImages } from './chosen-images.ts';
import { MAX_LISTING_IMAGES, downloading, failedCount } from './image-list.ts';

/** While downloads run, the asset list refreshes this often. */
const REFRESH_MS = 3_000;

/** The images step: downloads with their status, retry, upload, the listing's image order, and AI edits. */
export const imagesPanel: Panel = (ctx, host) => {
  let assets: readonly Asset[] = picturesOf(ctx.saved().assets ?? []);
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const library = h('div', { class: 'asset-groups', id: 'asset-library' });
  const retryButton = h('button', { id: 'retry-failed', onclick: () => void retry() }, '重试失败的下载');
  const fileInput = h('input', {
    type: 'file',
    accept: 'image/jpeg,image/png,image/webp,image/gif,image/avif',
    multiple: true,
    id: 'upload-input',
    style: 'display:none',
    onchange: () => void upload(),
  });
  const dialog = modal('edit-dialog', 'AI 修图');
  const exportButton: HTMLButtonElement = h(
    'button',
    { id: 'export-images', onclick: () => void whileBusy(exportButton, '正在打包…', () => zipImages(ctx, assets)) },
    '打包下载图片',
  );
  const progress = h('p', { class: 'download-progress', id: 'download-progress', role: 'status', hidden: true });
  /** Images ticked for 翻译图中文字 (kept across refreshes of the list). */
  const ticked = new Set<string>();

  async function load(): Promise<void> {
    clearTimeout(timer);
    try {
      assets = picturesOf((await ctx.app.api.json<AssetList>(`/api/products/${ctx.id}/assets`)).items);
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
    await uploadFiles(ctx, files);
    await load();
  }

  function render(): void {
    const failed = failedCount(assets);
    const waiting = assets.filter((asset) => asset.status === 'pending' || asset.status === 'downloading').length;
    progress.hidden = waiting === 0;
    progress.textContent = `还有 ${waiting} 张图片正在下载，完成后自动显示（每 ${REFRESH_MS / 1000} 秒刷新）`;
    retryButton.textContent = failed > 0 ? `重试失败的下载（${failed}）` : '重试失败的下载';
    retryButton.disabled = failed === 0;
    mount(
      library,
      librarySections(assets, (asset) => assetCard(ctx, asset, { ticked, dialog, reload: () => void load() })),
    );
  }

  ctx.subscribe(render);
  render();
  void load();
  const toolbar = h(
    'div',
    { class: 'toolbar' },
    h('h2', { style: 'margin:0' }, '图片素材'),
    h('div', { class: 'spacer' }),
    h('button', { onclick: () => void load() }, '刷新'),
    retryButton,
    h('button', { id: 'upload-button', onclick: () => fileInput.click() }, '上传图片'),
    fileInput,
    exportButton,
  );
  mount(
    host,
    h(
      'div',
      { class: 'stack' },
      dialog.element,
      h(
        'div',
        { class: 'images-layout' },
        h('section', { class: 'card' }, h('h2', null, `上架图片（第一张为主图，最多 ${MAX_LISTING_IMAGES} 张）`), chosenImages(ctx)),
        h(
          'section',
          { class: 'card' },
          toolbar,
          imageTranslateBar(
            ctx,
            () => [...ticked],
            () => void load(),
          ),
          progress,
          library,
        ),
      ),
      richContentPanel(ctx),
      videoPanel(ctx),
    ),
  );
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
};
