import type { ShopLimits } from '../api/marketplace-types.ts';
import type { App } from '../app.ts';
import { h } from '../lib/dom.ts';
import { typeIndex } from '../publish/lookups.ts';

/** One category's quota as the page shows it: what is left (null without a limit). */
export type CategoryQuotaRow = { readonly category_id: number; readonly limit: number; readonly usage: number; readonly left: number | null };

/** The shop's category quotas (docs/decisions.md, Price rules and quotas), the tightest first. */
export function categoryQuotaRows(limits: ShopLimits): CategoryQuotaRow[] {
  return limits.total.quota_by_category
    .map((quota) => ({ ...quota, left: quota.limit < 0 ? null : Math.max(0, quota.limit - quota.usage) }))
    .sort((a, b) => (a.left ?? Infinity) - (b.left ?? Infinity) || a.category_id - b.category_id);
}

/** "每分钟最多处理 N 件" from `operation_limits`, or null when the marketplace reports none. */
export function operationLimitText(limits: ShopLimits): string | null {
  const operation = limits.operation_limits;
  if (!operation || operation.limit <= 0) return null;
  return operation.limit_type === 'RATE_LIMIT_PER_MINUTE' ? `每分钟最多处理 ${operation.limit} 件商品` : `最多处理 ${operation.limit} 件商品`;
}

/**
 * The category quotas as a small table (category, used, limit, left); a used-up category is marked, since its new
 * products wait instead of going out. Null without category quotas. Names are filled in by `nameCategories`.
 */
export function categoryQuotaTable(limits: ShopLimits): HTMLElement | null {
  const rows = categoryQuotaRows(limits);
  if (rows.length === 0) return null;
  return h(
    'table',
    { class: 'category-quotas', id: 'category-quotas' },
    h('caption', null, '按类目的商品额度（额度用完的类目，新商品会排队等待）'),
    h(
      'thead',
      null,
      h('tr', null, h('th', { scope: 'col' }, '类目'), h('th', { scope: 'col' }, '已用'), h('th', { scope: 'col' }, '上限'), h('th', { scope: 'col' }, '剩余')),
    ),
    h(
      'tbody',
      null,
      rows.map((row) =>
        h(
          'tr',
          { 'data-category-id': String(row.category_id), 'data-left': row.left === null ? 'unlimited' : String(row.left) },
          h('td', { 'data-category-name': '' }, `类目 ${row.category_id}`),
          h('td', null, String(row.usage)),
          h('td', null, row.limit < 0 ? '不限' : String(row.limit)),
          h('td', row.left === 0 ? { class: 'quota-warn' } : null, row.left === null ? '不限' : row.left === 0 ? '已用完' : String(row.left)),
        ),
      ),
    ),
  );
}

/** Replaces "类目 <id>" with the category's Chinese path from the shop's tree, when the tree can be read (best effort). */
export async function nameCategories(app: App, shopId: string, table: HTMLElement): Promise<void> {
  try {
    const { types } = await typeIndex(app, shopId);
    for (const row of table.querySelectorAll<HTMLElement>('tr[data-category-id]')) {
      const entry = types.find((type) => type.categoryId === Number(row.dataset.categoryId));
      const cell = row.querySelector('[data-category-name]');
      if (entry && cell && entry.zh.length > 1) cell.textContent = `${entry.zh.slice(0, -1).join(' / ')}（${row.dataset.categoryId}）`;
    }
  } catch {
    // The ids stay: the quota itself is what matters here.
  }
}
