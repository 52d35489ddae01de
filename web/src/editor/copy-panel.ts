import { messageOf } from '../api/client.ts';
import { h, mount } from '../lib/dom.ts';
import { hasChinese } from '../lib/format.ts';
import { toast } from '../lib/toast.ts';
import type { Panel } from './context.ts';
import { field } from './fields.ts';
import { copyGenerator } from './copy-generate.ts';

const russianOnly = (value: string): string | null => (hasChinese(value) ? '含有中文字符，市场会拒绝' : null);

/**
 * The copy step: generate Russian title, description and tags from the collected Chinese texts, edit them
 * (saved into `copy` by the autosave), then apply them to the product's name and description.
 */
export const copyPanel: Panel = (ctx, host) => {
  const apply = h('button', { id: 'copy-apply', onclick: () => void applyCopy() }, '应用到商品名称和描述');
  const tags = h('div', { class: 'tags' });
  const chinese = h('p', { class: 'muted', id: 'copy-text-zh' });
  const hashtags = h('p', { class: 'muted', id: 'copy-hashtags' });

  const renderResult = (): void => {
    const copy = ctx.preview().copy;
    const list = Array.isArray(copy.tags) ? (copy.tags as string[]) : [];
    mount(
      tags,
      list.map((tag) => h('span', null, tag)),
    );
    chinese.textContent = typeof copy.text_zh === 'string' && copy.text_zh ? `中文对照：${copy.text_zh}` : '';
    hashtags.textContent = typeof copy.hashtags === 'string' && copy.hashtags ? `平台标签（#Хештеги，应用后写入属性 23171）：${copy.hashtags}` : '';
    apply.disabled = !(typeof copy.title_ru === 'string' && copy.title_ru);
  };
  ctx.subscribe(renderResult);

  async function applyCopy(): Promise<void> {
    apply.disabled = true;
    try {
      await ctx.flush();
      await ctx.app.api.json<unknown>(`/api/products/${ctx.id}/copy/apply`, { method: 'POST', headers: { 'if-match': String(ctx.saved().version) } });
      await ctx.refresh();
      toast('已写入商品名称和描述');
    } catch (error) {
      toast(messageOf(error), 'error');
    } finally {
      renderResult();
    }
  }

  mount(
    host,
    h(
      'div',
      { class: 'copy-grid' },
      copyGenerator(ctx),
      h(
        'section',
        { class: 'card' },
        h('h2', null, '俄文文案（可修改，自动保存）'),
        field(ctx, { field: 'title_ru', group: 'copy', label: '俄文标题', warn: russianOnly, lang: 'ru' }),
        field(ctx, { field: 'description_ru', group: 'copy', label: '俄文描述', kind: 'textarea', warn: russianOnly, lang: 'ru' }),
        tags,
        hashtags,
        chinese,
        h('div', { class: 'row-actions' }, apply, h('span', { class: 'muted small' }, '应用后商品名称和描述会被替换')),
      ),
    ),
  );
  renderResult();
};
