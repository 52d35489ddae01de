import type { ProductDetail } from '../api/types.ts';
import type { App } from '../app.ts';
import { h, mount } from '../lib/dom.ts';
import { STAGE_LABELS, label } from '../lib/labels.ts';
import { navLink } from '../pages/layout.ts';

/** Products named one by one in the notice; the rest are counted. */
const NAMED = 20;

/**
 * Says what happened to products chosen on the list that the bulk publish page does not offer (issue 32 item 6):
 * only 待上架 (and published) products can be published, so the others are named with their stage and a link,
 * instead of the page silently showing "已选 0 件".
 */
export function skippedNotice(app: App, chosen: readonly string[], offered: ReadonlySet<string>): HTMLElement {
  const host = h('div', { id: 'bulk-skipped' });
  const skipped = chosen.filter((id) => !offered.has(id));
  if (skipped.length === 0) return host;
  const list = h('ul', { class: 'skipped-list' });
  mount(
    host,
    h(
      'div',
      { class: 'notice', role: 'status', 'data-skipped': String(skipped.length) },
      h(
        'strong',
        null,
        `所选的 ${chosen.length} 件中有 ${skipped.length} 件不能在这里发布：只有「待上架」的商品才能发布，请先在商品页完成检查并标记为待上架。`,
      ),
      list,
      skipped.length > NAMED ? h('p', { class: 'small' }, `另有 ${skipped.length - NAMED} 件未列出。`) : null,
    ),
  );
  void Promise.all(
    skipped.slice(0, NAMED).map((id) =>
      app.api.json<ProductDetail>(`/api/products/${id}`).then(
        (product) => ({ id, name: product.name || '（未命名）', stage: label(STAGE_LABELS, product.stage) }),
        () => ({ id, name: id.slice(0, 8), stage: '已删除或无法读取' }),
      ),
    ),
  ).then((rows) =>
    mount(
      list,
      rows.map((row) => h('li', { 'data-product-id': row.id }, navLink(app, row.name, { name: 'product', id: row.id, tab: 'pricing' }), `（${row.stage}）`)),
    ),
  );
  return host;
}
