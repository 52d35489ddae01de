import { splitByQuota } from '../../../src/domain/publishing/publish-quota.ts';
import { ApiError, messageOf } from '../api/client.ts';
import type { QuotaCounter, ShopLimits } from '../api/marketplace-types.ts';
import type { App } from '../app.ts';
import { h, mount } from '../lib/dom.ts';
import { formatTime } from '../lib/format.ts';
import { categoryQuotaTable, nameCategories, operationLimitText } from './category-quota.ts';

/** What is left of a counter; null when the marketplace sets no limit (`limit` −1). */
export function remaining(counter: QuotaCounter): number | null {
  if (counter.limit < 0) return null;
  return Math.max(0, counter.limit - counter.usage);
}

/** "剩余 95 / 100"; "不限" when there is no limit. */
export function counterText(counter: QuotaCounter): string {
  const left = remaining(counter);
  if (left === null) return `不限（已用 ${counter.usage}）`;
  const reset = counter.reset_at ? `，${formatTime(counter.reset_at)} 重置` : '';
  return `剩余 ${left} / ${counter.limit}${reset}`;
}

/** Products and their cards that go out today, and those that wait for the quota to reset. */
export type CardSplit = { readonly nowProducts: number; readonly nowCards: number; readonly laterProducts: number; readonly laterCards: number };

/**
 * How the selection's new cards meet the shop's daily create quota and assortment total (issue 32 item 7: the quota
 * counts cards, one per enabled colour): the service's own split (`splitByQuota`), a product's cards going or
 * waiting together as they are sent. Category quotas are told apart on the page (the list does not carry categories).
 */
export function cardSplit(limits: ShopLimits, products: readonly { readonly id: string; readonly card_count: number }[]): CardSplit {
  const cards = products.flatMap((product) => Array.from({ length: product.card_count }, () => product.id));
  const split = splitByQuota(
    cards,
    () => 'create',
    limits,
    new Date().toISOString(),
    (id) => id,
  );
  const later = new Set(split.later);
  return { nowProducts: new Set(split.now).size, nowCards: split.now.length, laterProducts: later.size, laterCards: split.later.length };
}

export async function loadLimits(app: App, shopId: string): Promise<ShopLimits> {
  return app.api.json<ShopLimits>(`/api/shops/${shopId}/limits`);
}

/** Why limits could not be shown, in words a seller can act on. */
export function limitsFailure(error: unknown): string {
  if (error instanceof ApiError && error.status === 404 && error.code !== 'SHOP_NOT_FOUND') return '服务暂不支持配额查询';
  if (error instanceof ApiError && error.status === 502) return '平台暂时无法连接，配额稍后再看';
  return messageOf(error);
}

/**
 * The three counters as a small block, the per-minute limit and the category quotas under them;
 * `data-create-left` carries the number for tests and other screens.
 */
export function quotaBlock(limits: ShopLimits): HTMLElement {
  const left = remaining(limits.daily_create);
  const operation = operationLimitText(limits);
  return h(
    'div',
    { class: 'quota', 'data-create-left': left === null ? 'unlimited' : String(left) },
    h('div', null, h('span', { class: 'muted' }, '今日新建：'), counterText(limits.daily_create)),
    h('div', null, h('span', { class: 'muted' }, '今日更新：'), counterText(limits.daily_update)),
    h('div', null, h('span', { class: 'muted' }, '商品总数：'), counterText(limits.total)),
    operation ? h('div', { 'data-operation-limit': '' }, h('span', { class: 'muted' }, '操作频率：'), operation) : null,
    categoryQuotaTable(limits),
  );
}

/** Fills `host` with the shop's quota, or the reason it cannot be shown. */
export async function showQuota(app: App, shopId: string, host: HTMLElement): Promise<ShopLimits | null> {
  mount(host, h('span', { class: 'muted small' }, '正在查询配额…'));
  try {
    const limits = await loadLimits(app, shopId);
    const block = quotaBlock(limits);
    mount(host, block);
    const categories = block.querySelector<HTMLElement>('#category-quotas');
    if (categories) void nameCategories(app, shopId, categories);
    return limits;
  } catch (error) {
    mount(host, h('span', { class: 'muted small', 'data-quota-error': '' }, limitsFailure(error)));
    return null;
  }
}
