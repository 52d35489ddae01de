import type { Asset } from '../api/types.ts';
import { h } from '../lib/dom.ts';
import { ASSET_STATUS_LABELS, label } from '../lib/labels.ts';
import { durationWarning, formatBytes, formatDuration, videoFormatLabel } from './video-list.ts';

/** What a video's buttons do; each resolves once the section shows the new state. */
export type VideoActions = {
  retry(video: Asset): Promise<void>;
  toggleCover(video: Asset): Promise<void>;
  replace(video: Asset, file: File): Promise<void>;
  remove(video: Asset): Promise<void>;
};

const STATUS_CLASS: Readonly<Record<string, string>> = { stored: 'badge-ok', failed: 'badge-error', pending: 'badge-warn', downloading: 'badge-warn' };

/** What stands in for a video not stored yet: the download's state, visible at a glance. */
const placeholder = (status: string): HTMLElement =>
  h(
    'div',
    { class: `video-empty thumb-${status}` },
    status === 'failed'
      ? '没有可播放的文件'
      : [h('span', { class: 'spinner', 'aria-hidden': 'true' }), status === 'downloading' ? ' 正在下载…' : ' 排队等待下载…'],
  );

/**
 * A button of one video: its name says which video (the visible text first, so speech input finds it), and it is
 * disabled while its work runs so a second click does not start it twice.
 */
function button(text: string, video: string, work: () => Promise<void>, extra: Record<string, string> = {}): HTMLButtonElement {
  const element: HTMLButtonElement = h('button', { type: 'button', class: 'small', 'aria-label': `${text}（${video}）`, ...extra }, text);
  element.addEventListener('click', () => {
    element.disabled = true;
    void work().finally(() => {
      element.disabled = false;
    });
  });
  return element;
}

/**
 * One video of the product: the player of our stored copy (the browser asks /media for ranges, so seeking works),
 * its duration, size, format and state, the download's reason when it failed, and what the seller can do with it.
 */
export function videoCard(video: Asset, position: number, actions: VideoActions): HTMLElement {
  const titleId = `video-title-${video.asset_id}`;
  const name = `视频 ${position}`;
  const stored = video.status === 'stored' && video.stored_url;
  const warning = durationWarning(video);
  const replaceInput: HTMLInputElement = h('input', {
    type: 'file',
    accept: 'video/mp4,video/quicktime,.mp4,.mov',
    id: `video-replace-${video.asset_id}`,
    'aria-label': `选择替换${name}的文件`,
    style: 'display:none',
    onchange: () => {
      const file = replaceInput.files?.[0];
      replaceInput.value = '';
      if (file) void actions.replace(video, file);
    },
  });
  const fact = (term: string, value: Node | string) => [h('dt', null, term), h('dd', null, value)];
  return h(
    'article',
    { class: video.video_cover ? 'video-item cover' : 'video-item', 'data-asset-id': video.asset_id, 'data-status': video.status, 'aria-labelledby': titleId },
    h('h3', { id: titleId }, name, video.video_cover ? h('span', { class: 'badge badge-ok', 'data-cover': 'true' }, '视频封面') : null),
    stored ? h('video', { controls: true, preload: 'metadata', src: video.stored_url, 'aria-labelledby': titleId }) : placeholder(video.status),
    h(
      'dl',
      { class: 'video-facts' },
      fact(
        '状态',
        h('span', { class: `badge ${STATUS_CLASS[video.status] ?? 'badge-warn'}`, 'data-field': 'status' }, label(ASSET_STATUS_LABELS, video.status)),
      ),
      fact('时长', h('span', { 'data-field': 'duration' }, formatDuration(video.duration_ms))),
      fact('大小', h('span', { 'data-field': 'size' }, formatBytes(video.bytes))),
      fact('格式', h('span', { 'data-field': 'format' }, videoFormatLabel(video.content_type))),
      fact('来源', video.source_url ? h('span', { class: 'video-source', title: video.source_url }, '采集') : '上传'),
    ),
    video.status === 'failed' ? h('p', { class: 'form-error small', 'data-field': 'error' }, `原因：${video.error ?? '下载失败'}`) : null,
    warning ? h('p', { class: 'server-price warn small', 'data-field': 'warning' }, warning) : null,
    h(
      'div',
      { class: 'row-actions' },
      video.status === 'failed' && video.source_url ? button('重新下载', name, () => actions.retry(video), { 'data-action': 'retry' }) : null,
      stored ? button(video.video_cover ? '取消视频封面' : '设为视频封面', name, () => actions.toggleCover(video), { 'data-action': 'cover' }) : null,
      h('button', { type: 'button', class: 'small', 'aria-label': `替换（${name}）`, 'data-action': 'replace', onclick: () => replaceInput.click() }, '替换'),
      replaceInput,
      button('删除', name, () => actions.remove(video), { 'data-action': 'delete' }),
    ),
  );
}
