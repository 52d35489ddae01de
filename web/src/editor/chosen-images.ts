import { h, mount } from '../lib/dom.ts';
import type { EditorContext } from './context.ts';
import { move, withPrimary } from './image-list.ts';

export const thumb = (url: string, alt: string): HTMLElement => (url ? h('img', { src: url, alt, loading: 'lazy' }) : h('div', { class: 'thumb-empty' }, '暂无图片'));

/** The chosen, ordered listing images (PATCH `images` + `primary_image`). */
export function chosenImages(ctx: EditorContext): HTMLElement {
  const host = h('div', { class: 'chosen-list', id: 'chosen-images' });
  const set = (images: string[]): void => {
    ctx.edit('images', images);
    ctx.edit('primary_image', images[0] ?? null);
  };
  const render = (): void => {
    const images = [...(ctx.preview().images ?? [])];
    if (images.length === 0) {
      mount(host, h('p', { class: 'muted' }, '还没有可用的图片：等待下载完成，或上传图片。'));
      return;
    }
    mount(
      host,
      images.map((url, index) =>
        h(
          'div',
          { class: 'asset' },
          index === 0 ? h('span', { class: 'primary-mark' }, '主图') : null,
          thumb(url, `图片 ${index + 1}`),
          h(
            'div',
            { class: 'meta' },
            h(
              'div',
              { class: 'row' },
              h('button', { class: 'small', title: '前移', disabled: index === 0, onclick: () => set(move(images, index, -1)) }, '←'),
              h('button', { class: 'small', title: '后移', disabled: index === images.length - 1, onclick: () => set(move(images, index, 1)) }, '→'),
              h('button', { class: 'small', title: '移除', onclick: () => set(images.filter((_, i) => i !== index)) }, '✕'),
            ),
            index > 0 ? h('button', { class: 'small', onclick: () => set(withPrimary(images, url)) }, '设为主图') : null,
          ),
        ),
      ),
    );
  };
  ctx.subscribe(render);
  render();
  return host;
}
