import { messageOf } from '../api/client.ts';
import type { AssetList, ProductDetail } from '../api/types.ts';
import { h, mount } from '../lib/dom.ts';
import { RICH_CONTENT_ATTRIBUTE_ID } from '../../../src/domain/catalog/rich-content.ts';
import type { EditorContext } from './context.ts';

type Widget = { widgetName?: string; blocks?: { img?: { src?: string; alt?: string }; paragraphs?: { content?: string }[] }[] };
type Answer = { rich_content: { content: Widget[] }; warnings: string[] };

/** The rich content kept as attribute 11254, parsed from its JSON text; null when there is none or it does not parse. */
export function storedRichContent(product: Pick<ProductDetail, 'attributes'>): Widget[] | null {
  const stored = product.attributes[String(RICH_CONTENT_ATTRIBUTE_ID)];
  const first = Array.isArray(stored) ? stored[0] : stored;
  const text =
    typeof first === 'string' ? first : first && typeof first === 'object' && !Array.isArray(first) && typeof first.value === 'string' ? first.value : null;
  if (text === null) return null;
  try {
    const parsed = JSON.parse(text) as { content?: Widget[] };
    return Array.isArray(parsed.content) ? parsed.content : null;
  } catch {
    return null;
  }
}

/** A picture's path, so a stored URL and the public one the rich content carries compare equal. */
const pathOf = (url: string): string => {
  try {
    return new URL(url, window.location.href).pathname;
  } catch {
    return url;
  }
};

/**
 * The page as a phone shows it (360 px wide): each picture full width, then the text paragraphs. A picture that is
 * an image translation (`translated`, paths in `translations`) says so, since the builder puts it in its source's place.
 */
function phonePreview(widgets: readonly Widget[] | null, translations: ReadonlySet<string>): HTMLElement {
  if (!widgets) return h('p', { class: 'muted', id: 'rich-preview-empty' }, '还没有富文本。生成后在这里按手机宽度预览。');
  const picture = (src: string, alt: string): HTMLElement =>
    h(
      'figure',
      { class: 'rich-figure' },
      h('img', { class: 'rich-picture', src, alt }),
      translations.has(pathOf(src)) ? h('figcaption', { class: 'badge badge-ok rich-translated' }, '俄文翻译图') : null,
    );
  return h(
    'div',
    { class: 'phone-frame', id: 'rich-preview', role: 'region', tabindex: '0', 'aria-label': '富文本手机预览（可滚动）' },
    widgets.flatMap((widget) =>
      (widget.blocks ?? []).map((block) =>
        block.img?.src
          ? picture(block.img.src, block.img.alt ?? '')
          : h(
              'div',
              { class: 'rich-text', lang: 'ru' },
              (block.paragraphs ?? []).map((paragraph) => h('p', null, paragraph.content ?? '')),
            ),
      ),
    ),
  );
}

/**
 * 富文本 on the images tab (docs/decisions.md, Rich content): build the marketplace's rich content from the detail pictures (each as
 * its image translation when it has one) and the Russian text, kept as attribute 11254 and sent with the product; previewed at a
 * phone's width. The server refuses anything but its own shape, so the page never edits the JSON by hand.
 */
export function richContentPanel(ctx: EditorContext): HTMLElement {
  const preview = h('div');
  const notes = h('ul', { class: 'rich-warnings', id: 'rich-warnings' });
  const withText = h('input', { type: 'checkbox', id: 'rich-with-text', checked: true });
  const button = h('button', { id: 'rich-build', class: 'primary' }, '用详情图生成富文本');
  // The product's image translations, read once per rich content shown (the product answer does not list assets).
  let translations: ReadonlySet<string> = new Set();
  let readFor = '';
  const draw = (): void => {
    const widgets = storedRichContent(ctx.saved());
    mount(preview, phonePreview(widgets, translations));
    const key = JSON.stringify(widgets);
    if (!widgets || key === readFor) return;
    readFor = key;
    void ctx.app.api
      .json<AssetList>(`/api/products/${ctx.id}/assets`)
      .then(({ items }) => {
        translations = new Set(items.filter((asset) => asset.group_key === 'translated' && asset.stored_url).map((asset) => pathOf(asset.stored_url)));
        mount(preview, phonePreview(storedRichContent(ctx.saved()), translations));
      })
      .catch(() => undefined);
  };
  button.addEventListener('click', () => {
    button.disabled = true;
    mount(notes);
    void ctx
      .flush()
      .then(() => ctx.app.api.json<Answer>(`/api/products/${ctx.id}/rich-content`, { method: 'POST', json: { images: 'detail', text: withText.checked } }))
      .then(async (answer) => {
        mount(
          notes,
          answer.warnings.map((warning) => h('li', { class: 'server-price warn' }, warning)),
        );
        await ctx.refresh();
      })
      .catch((error: unknown) => mount(notes, h('li', { class: 'form-error' }, messageOf(error))))
      .finally(() => {
        button.disabled = false;
      });
  });
  ctx.subscribe(draw);
  draw();
  return h(
    'section',
    { class: 'card', id: 'rich-content-card' },
    h('h2', null, '富文本（平台商品页的图文描述，属性 11254）'),
    h(
      'p',
      { class: 'muted small' },
      '每张详情图一个全宽模块，按详情图原来的顺序；翻译过的详情图用俄文翻译图代替原图。可加上俄文名称和描述；保存到商品，发布时一起发送。',
    ),
    h('div', { class: 'toolbar' }, button, h('label', { for: 'rich-with-text' }, withText, ' 加入俄文文字')),
    notes,
    preview,
  );
}
