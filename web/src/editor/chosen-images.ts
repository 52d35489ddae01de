import { h, mount } from '../lib/dom.ts';
import type { EditorContext } from './context.ts';
import { keyMove, moveTo, withPrimary } from './image-list.ts';

export const thumb = (url: string, alt: string): HTMLElement =>
  url ? h('img', { src: url, alt, loading: 'lazy', draggable: false }) : h('div', { class: 'thumb-empty' }, '暂无图片');

/**
 * The chosen, ordered listing images (PATCH `images` + `primary_image`) as a grid: drag an image to its place,
 * or focus it and use the arrow keys (Home/End: first/last). The first is the main image, marked above the
 * picture so the mark covers nothing.
 */
export function chosenImages(ctx: EditorContext): HTMLElement {
  const host = h('div', { class: 'chosen-grid', id: 'chosen-images', role: 'list', 'aria-label': '上架图片顺序' });
  const announce = h('p', { class: 'visually-hidden', 'aria-live': 'polite', id: 'order-announce' });
  let dragged: number | null = null;
  let focusAfter: number | null = null;
  const set = (images: string[], focus: number | null = null): void => {
    focusAfter = focus;
    ctx.edit('images', images);
    ctx.edit('primary_image', images[0] ?? null);
  };

  const tile = (images: readonly string[], url: string, index: number): HTMLElement => {
    const reorder = (to: number): void => {
      set(moveTo(images, index, to), to);
      announce.textContent = `已移到第 ${to + 1} 张${to === 0 ? '（主图）' : ''}`;
    };
    const element = h(
      'div',
      {
        class: index === 0 ? 'asset chosen-tile primary' : 'asset chosen-tile',
        tabIndex: 0,
        draggable: true,
        role: 'listitem',
        'data-index': index,
        'data-url': url,
        'aria-label': `第 ${index + 1} 张${index === 0 ? '，主图' : ''}。方向键调整顺序`,
        ondragstart: (event: DragEvent) => {
          dragged = index;
          event.dataTransfer?.setData('text/plain', String(index));
          if (event.dataTransfer) event.dataTransfer.effectAllowed = 'move';
          element.classList.add('dragging');
        },
        ondragend: () => element.classList.remove('dragging'),
        ondragover: (event: DragEvent) => {
          event.preventDefault();
          element.classList.add('drop-target');
        },
        ondragleave: () => element.classList.remove('drop-target'),
        ondrop: (event: DragEvent) => {
          event.preventDefault();
          const from = dragged ?? Number(event.dataTransfer?.getData('text/plain'));
          dragged = null;
          if (Number.isInteger(from) && from !== index) set(moveTo(images, from, index), index);
        },
        onkeydown: (event: KeyboardEvent) => {
          const to = keyMove(event.key, index, images.length);
          if (to === null) return;
          event.preventDefault();
          reorder(to);
        },
      },
      h(
        'div',
        { class: 'tile-head' },
        index === 0 ? h('span', { class: 'primary-mark' }, '主图') : h('span', { class: 'muted' }, `第 ${index + 1} 张`),
        h('span', { class: 'drag-handle', 'aria-hidden': 'true' }, '⠿'),
      ),
      thumb(url, `图片 ${index + 1}`),
      h(
        'div',
        { class: 'meta' },
        h(
          'div',
          { class: 'row' },
          h('button', { class: 'small', title: '前移', disabled: index === 0, onclick: () => reorder(index - 1) }, '←'),
          h('button', { class: 'small', title: '后移', disabled: index === images.length - 1, onclick: () => reorder(index + 1) }, '→'),
          h('button', { class: 'small', title: '移除', onclick: () => set(images.filter((_, i) => i !== index)) }, '✕'),
        ),
        index > 0 ? h('button', { class: 'small', onclick: () => set(withPrimary(images, url), 0) }, '设为主图') : null,
      ),
    );
    return element;
  };

  let shown = '';
  const render = (): void => {
    const images = [...(ctx.preview().images ?? [])];
    // Redraw only when the order changed: every autosave notifies, and a redraw would drop the keyboard focus.
    const key = JSON.stringify(images);
    if (key === shown) return;
    shown = key;
    if (images.length === 0) {
      mount(host, h('p', { class: 'muted' }, '还没有选中的上架图片：在右侧点「加入上架图」，或等待下载完成、上传图片。'));
      return;
    }
    mount(
      host,
      images.map((url, index) => tile(images, url, index)),
    );
    if (focusAfter !== null) {
      host.querySelector<HTMLElement>(`[data-index="${focusAfter}"]`)?.focus();
      focusAfter = null;
    }
  };
  ctx.subscribe(render);
  render();
  return h('div', null, h('p', { class: 'muted small' }, '拖动图片调整顺序，或选中图片后用方向键移动；第一张是主图。'), host, announce);
}
