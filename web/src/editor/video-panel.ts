import { messageOf } from '../api/client.ts';
import type { Asset, AssetList, UploadReply } from '../api/types.ts';
import { whileBusy } from '../lib/busy.ts';
import { h, mount } from '../lib/dom.ts';
import { toast } from '../lib/toast.ts';
import { VIDEO_LIMITS } from '../../../src/domain/media/video-format.ts';
import type { EditorContext } from './context.ts';
import { type VideoActions, videoCard } from './video-card.ts';
import { formatBytes, videoDownloading, videosOf } from './video-list.ts';

/** While a video downloads, the section refreshes this often (until the images tab is left). */
const REFRESH_MS = 3_000;
/** A 100 MB upload over a slow line. */
const UPLOAD_TIMEOUT_MS = 10 * 60_000;

/**
 * 商品视频 on the images tab (docs/decisions.md, Videos): each video with a player, its duration, size, format and state; a
 * failed download's reason and retry; the seller's own clips uploaded (streamed and checked by the server: MP4/MOV,
 * 8 s – 5 min, the size cap), replaced or deleted; one stored video chosen as the video cover (attribute 100002).
 */
export function videoPanel(ctx: EditorContext): HTMLElement {
  const list = h('div', { class: 'video-list', id: 'video-list' });
  const progress = h('p', { class: 'muted small', id: 'video-progress', role: 'status' });
  const refusal = h('p', { class: 'form-error', id: 'video-error', role: 'alert' });
  const fileInput: HTMLInputElement = h('input', {
    type: 'file',
    accept: 'video/mp4,video/quicktime,.mp4,.mov',
    id: 'video-input',
    'aria-label': '选择要上传的视频',
    style: 'display:none',
  });
  const uploadButton: HTMLButtonElement = h('button', { type: 'button', id: 'video-upload', onclick: () => fileInput.click() }, '上传视频');
  const section = h('section', { class: 'card', id: 'video-card', 'aria-labelledby': 'video-heading' });
  let videos: Asset[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  const api = ctx.app.api;

  async function load(): Promise<void> {
    clearTimeout(timer);
    try {
      videos = videosOf((await api.json<AssetList>(`/api/products/${ctx.id}/assets`)).items);
      render();
    } catch (error) {
      mount(list, h('p', { class: 'form-error' }, messageOf(error)));
    }
    // The tab was left: the section is no longer on the page and stops asking.
    if (section.isConnected && videoDownloading(videos)) timer = setTimeout(() => void load(), REFRESH_MS);
  }

  /** Runs a change, says what went wrong in the section (and a toast), then shows the videos as they are now. */
  async function change(work: () => Promise<string>): Promise<void> {
    refusal.textContent = '';
    try {
      toast(await work());
    } catch (error) {
      refusal.textContent = messageOf(error);
      toast(messageOf(error), 'error');
    }
    await load();
  }

  /** The file last, after product_id and meta: the server stores a video while it arrives. */
  async function send(file: File): Promise<string> {
    const form = new FormData();
    form.append('product_id', ctx.id);
    form.append('meta', JSON.stringify({ type: 'video', groupKey: 'upload', groupName: '上传视频', dedupeKey: `upload:${file.name}:${file.size}` }));
    form.append('file', file, file.name);
    progress.textContent = `正在上传 ${file.name}（${formatBytes(file.size)}），服务器边收边检查格式和时长…`;
    try {
      return (await api.json<UploadReply>('/api/materials/bytes', { method: 'POST', body: form, timeoutMs: UPLOAD_TIMEOUT_MS })).asset_id;
    } finally {
      progress.textContent = '';
    }
  }

  const setCover = (assetId: string | null) => api.json(`/api/products/${ctx.id}/video-cover`, { method: 'PUT', json: { asset_id: assetId } });
  const remove = (video: Asset) => api.json(`/api/products/${ctx.id}/assets/${video.asset_id}`, { method: 'DELETE' });

  const actions: VideoActions = {
    retry: (video) =>
      change(async () => {
        await api.json(`/api/products/${ctx.id}/assets/retry`, { method: 'POST', query: { asset_id: video.asset_id } });
        return '已重新排队下载这个视频';
      }),
    toggleCover: (video) =>
      change(async () => {
        await setCover(video.video_cover ? null : video.asset_id);
        return video.video_cover ? '已取消视频封面' : '已设为视频封面，发布时代替主图播放';
      }),
    // Upload first, then delete: a refused file keeps the old video (and the cover moves to the new one).
    replace: (video, file) =>
      change(async () => {
        const added = await send(file);
        if (added === video.asset_id) return '是同一个文件，视频没有变化';
        if (video.video_cover) await setCover(added);
        await remove(video);
        return `已用 ${file.name} 替换视频`;
      }),
    remove: (video) => {
      if (!window.confirm('删除这个视频和它的文件？此操作不能撤销。')) return Promise.resolve();
      return change(async () => {
        await remove(video);
        return '已删除视频';
      });
    },
  };

  function render(): void {
    const waiting = videos.filter((video) => video.status === 'pending' || video.status === 'downloading').length;
    if (!progress.textContent?.startsWith('正在上传')) progress.textContent = waiting > 0 ? `还有 ${waiting} 个视频正在下载，完成后自动显示` : '';
    const listed = videos.filter((video) => !video.video_cover).length;
    const over =
      listed > VIDEO_LIMITS.perProduct
        ? h('p', { class: 'server-price warn' }, `平台最多接受 ${VIDEO_LIMITS.perProduct} 个视频（封面另算），现有 ${listed} 个，请删除多余的`)
        : null;
    mount(
      list,
      videos.length === 0
        ? h('p', { class: 'muted', id: 'video-empty' }, '这个商品还没有视频。')
        : [over, videos.map((video, index) => videoCard(video, index + 1, actions))],
    );
  }

  fileInput.addEventListener('change', () => {
    const file = fileInput.files?.[0];
    fileInput.value = '';
    if (!file) return;
    void whileBusy(uploadButton, '正在上传…', () =>
      change(async () => {
        await send(file);
        return `已上传 ${file.name}`;
      }),
    );
  });
  mount(
    section,
    h('h2', { id: 'video-heading' }, '商品视频'),
    h(
      'p',
      { class: 'muted small' },
      `平台接受最多 ${VIDEO_LIMITS.perProduct} 个 MP4/MOV 视频，每个 8 秒到 5 分钟。视频封面（可选，一个）在商品列表里代替主图静音播放，前 8 秒要放关键信息。上传的文件按内容检查，不合要求的不会保存。`,
    ),
    h('div', { class: 'toolbar' }, uploadButton, fileInput, h('button', { type: 'button', onclick: () => void load() }, '刷新')),
    progress,
    refusal,
    list,
  );
  void load();
  return section;
}
