import { messageOf } from '../api/client.ts';
import type { EditorContext } from '../editor/context.ts';
import { h, mount } from '../lib/dom.ts';
import { attributeField } from './attribute-field.ts';
import { filledCount, orderAttributes } from './attribute-values.ts';
import { categoryAttributes, refreshedText } from './lookups.ts';

/**
 * The characteristics of the product's type: required ones first with a progress line, the optional ones
 * folded below. Values are saved with the product as the seller types or picks them.
 */
export function attributeForm(ctx: EditorContext, shopId: string): HTMLElement {
  const host = h('div', { class: 'attribute-form', id: 'attribute-form' });
  const { description_category_id: categoryId, type_id: typeId } = ctx.preview();
  if (!categoryId || !typeId) {
    mount(host, h('p', { class: 'muted' }, '先选择类目，这里会列出该类型的平台属性。'));
    return host;
  }
  mount(host, h('p', { class: 'muted' }, '正在加载属性…'));
  categoryAttributes(ctx.app, shopId, categoryId, typeId).then(
    (answer) => {
      // With variants, aspect values (colour, size) and the colour name are each variant's: set in the variant table.
      const variants = ctx.saved().variants.length > 0;
      // The model name (9048) then defaults to the offer id, so it is no longer required of the seller.
      const own = variants
        ? answer.attributes
            .filter((attribute) => !attribute.is_aspect && attribute.id !== 10097)
            .map((attribute) => (attribute.id === 9048 ? { ...attribute, is_required: false } : attribute))
        : answer.attributes;
      const { required, optional } = orderAttributes(own);
      const query = { shopId, categoryId, typeId };
      const progress = h('div', { class: 'attr-progress', id: 'attr-progress' });
      const updateProgress = (): void => {
        const filled = filledCount(required, ctx.preview().attributes);
        progress.textContent = `必填属性：已填 ${filled} / ${required.length}`;
        progress.dataset.complete = String(filled === required.length);
      };
      ctx.subscribe(updateProgress);
      updateProgress();
      mount(
        host,
        progress,
        h(
          'div',
          { class: 'attr-grid attr-required' },
          required.map((attribute) => attributeField(ctx, attribute, query)),
        ),
        optional.length > 0
          ? h(
              'details',
              { class: 'attr-optional' },
              h('summary', null, `选填属性（${optional.length} 项，填得越全越容易被搜到）`),
              h(
                'div',
                { class: 'attr-grid' },
                optional.map((attribute) => attributeField(ctx, attribute, query)),
              ),
            )
          : null,
        h(
          'div',
          { class: 'muted small refreshed', id: 'attributes-refreshed' },
          `${refreshedText('属性列表', answer.fetched_at, answer.stale)} · 描述（4191）取自商品描述，类型（8229）取自所选类目`,
        ),
      );
    },
    (error: unknown) => mount(host, h('p', { class: 'form-error' }, `属性加载失败：${messageOf(error)}`)),
  );
  return host;
}
