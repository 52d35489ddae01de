import { messageOf } from '../api/client.ts';
import type { ShopLimits } from '../api/marketplace-types.ts';
import type { ProductList } from '../api/types.ts';
import type { App, Screen } from '../app.ts';
import { h, mount } from '../lib/dom.ts';
import { toast } from '../lib/toast.ts';
import { checkAll } from '../publish/bulk-checks.ts';
import { MAX_BULK, bulkPublish } from '../publish/bulk-publish.ts';
import { followReply, replySummary } from '../publish/bulk-run.ts';
import { type BulkProduct, type BulkTable, bulkTable } from '../publish/bulk-table.ts';
import { shopChoice } from '../publish/shop-choice.ts';
import { skippedNotice } from '../publish/skipped-products.ts';
import { cardSplit } from '../shops/quota.ts';
import { categoryQuotaRows } from '../shops/category-quota.ts';
import { createsLeft } from '../../../src/domain/shops/shop-limits.ts';
import { publicAddressWarning } from '../shops/public-address-warning.ts';
import { shell } from './layout.ts';

/** Every product waiting to be published (the list pages by 200; the contract allows 500 in one publish). */
async function readyProducts(app: App): Promise<BulkProduct[]> {
  const items: BulkProduct[] = [];
  for (let page = 1; items.length < MAX_BULK; page += 1) {
    const list = await app.api.json<ProductList>('/api/products', { query: { stage: 'ready', page, page_size: 200 } });
    items.push(...list.items);
    if (list.items.length === 0 || items.length >= list.total) break;
  }
  return items.slice(0, MAX_BULK);
}

/** How many of the shop's categories have no new card left (docs/decisions.md, Price rules and quotas). */
const usedUpCategories = (limits: ShopLimits): number => categoryQuotaRows(limits).filter((row) => row.left === 0).length;

/** Bulk publishing: choose the shop, see the quota, check and publish the selected ready products, follow them live. */
export const renderPublish: Screen = (app, root, route) => {
  const preselected = new Set(route.name === 'publish' ? route.ids : []);
  const stops: (() => void)[] = [];
  let table: BulkTable | null = null;
  let limits: ShopLimits | null = null;
  const summary = h('div', { class: 'bulk-summary', id: 'bulk-summary' });
  const result = h('div', { class: 'bulk-result' });
  const tableHost = h('div', { class: 'card' }, h('p', { class: 'muted' }, '正在加载待上架的商品…'));
  const checkButton = h('button', { type: 'button', id: 'bulk-check' }, '检查所选');
  const publishButton = h('button', { type: 'button', class: 'primary', id: 'bulk-publish' }, '发布所选');

  let byId = new Map<string, BulkProduct>();
  /** What the selection sends, in cards (issue 32 item 7: a product with three enabled colours is three cards, three of the quota). */
  const updateSummary = (): void => {
    const chosen = (table?.selected() ?? []).flatMap((id) => byId.get(id) ?? []);
    const count = chosen.length;
    const cards = chosen.reduce((sum, product) => sum + product.card_count, 0);
    publishButton.textContent = `发布所选 ${count} 件`;
    publishButton.disabled = checkButton.disabled = count === 0 || !shops.current();
    summary.dataset.cards = String(cards);
    const selection = `已选 ${count} 件，共 ${cards} 张平台卡片`;
    if (!limits) return mount(summary, selection);
    const split = cardSplit(limits, chosen);
    const left = createsLeft(limits);
    summary.dataset.cardsLater = String(split.laterCards);
    mount(
      summary,
      selection,
      split.laterCards > 0
        ? h(
            'span',
            { class: 'quota-warn' },
            `：今日新建配额只剩 ${left} 张，${split.nowProducts} 件（${split.nowCards} 张）今日发送，其余 ${split.laterProducts} 件（${split.laterCards} 张）会等配额重置后自动发送`,
          )
        : count > 0
          ? `：都在今日新建配额之内（${left === Number.POSITIVE_INFINITY ? '不限' : `剩 ${left} 张`}）`
          : '',
      usedUpCategories(limits) > 0
        ? h(
            'p',
            { class: 'quota-warn small', id: 'category-quota-warn' },
            `有 ${usedUpCategories(limits)} 个类目的额度已用完：这些类目的新商品会排队等待，更新已有商品不受影响`,
          )
        : null,
    );
  };
  const shops = shopChoice(app, updateSummary, (next) => {
    limits = next;
    updateSummary();
  });

  checkButton.addEventListener('click', async () => {
    const shop = shops.current();
    const ids = table?.selected() ?? [];
    if (!shop || !table) return;
    checkButton.disabled = true;
    const passed = await checkAll(app, shop.id, ids, table, (done) => (checkButton.textContent = `检查中 ${done} / ${ids.length}`));
    checkButton.textContent = '检查所选';
    checkButton.disabled = false;
    toast(
      passed === ids.length ? `${ids.length} 件全部通过检查` : `${ids.length - passed} 件有问题，点开表格中的问题去修改`,
      passed === ids.length ? 'info' : 'error',
    );
  });

  publishButton.addEventListener('click', async () => {
    const shop = shops.current();
    const ids = table?.selected() ?? [];
    if (!shop || !table || ids.length === 0) return;
    const cards = ids.reduce((sum, id) => sum + (byId.get(id)?.card_count ?? 1), 0);
    if (!window.confirm(`把 ${ids.length} 件商品（${cards} 张平台卡片）发布到「${shop.name}」？已发布过的会更新平台上的商品卡片。`)) return;
    publishButton.disabled = true;
    try {
      const reply = await bulkPublish(app, shop.id, ids);
      mount(result, replySummary(reply));
      stops.push(followReply(app, reply, table, () => void shops.refreshQuota()));
    } catch (error) {
      toast(messageOf(error), 'error');
    } finally {
      updateSummary();
    }
  });

  readyProducts(app).then(
    (products) => {
      byId = new Map(products.map((product) => [product.id, product]));
      table = bulkTable(app, products, preselected, updateSummary);
      mount(tableHost, skippedNotice(app, [...preselected], new Set(products.map((product) => product.id))), table.element);
      updateSummary();
    },
    (error: unknown) => mount(tableHost, h('p', { class: 'form-error' }, messageOf(error))),
  );
  mount(
    root,
    shell(
      app,
      h('h1', null, '批量发布'),
      publicAddressWarning(app),
      h(
        'div',
        { class: 'bulk-top' },
        h('section', { class: 'card' }, shops.element),
        h('section', { class: 'card bulk-actions' }, summary, h('div', { class: 'row-actions' }, checkButton, publishButton), result),
      ),
      tableHost,
      h(
        'p',
        { class: 'muted small' },
        '这里列出所有「待上架」的商品。发布前检查与发布时的检查相同；每个问题链接到该商品的类目属性页。超出今日新建配额或所在类目额度的商品会排队，配额重置后由服务自动发送。有款式的商品，每个启用的款式在平台上各是一张卡片，各占 1 个新建配额：上方按卡片数与今日剩余配额比较。',
      ),
    ),
  );
  return () => stops.forEach((stop) => stop());
};
