import type { Shop } from '../api/marketplace-types.ts';
import { h } from '../lib/dom.ts';
import { formatTime } from '../lib/format.ts';
import { keyExpiry } from '../../../src/domain/shops/key-expiry.ts';

export const SHOP_STATUS_LABELS: Readonly<Record<Shop['status'], string>> = { unverified: '未验证', active: '正常', invalid: 'Key 无效' };
const STATUS_CLASS: Readonly<Record<Shop['status'], string>> = { unverified: 'badge-warn', active: 'badge-ok', invalid: 'badge-error' };

/** The status badge; `data-status` is the API literal so tests and styles can read it. */
export const statusBadge = (shop: Shop): HTMLElement =>
  h('span', { class: `badge ${STATUS_CLASS[shop.status]}`, 'data-status': shop.status }, SHOP_STATUS_LABELS[shop.status]);

/** "2027-02-18 到期（还有 85 天）", red inside the warning window. */
export function expiryCell(shop: Shop, now: Date): HTMLElement {
  const expiry = keyExpiry(shop.key_expires_at, now);
  // A refused key has no expiry to tell (issue 32 item 13): say why rather than "平台未给出".
  if (shop.status === 'invalid') return h('span', { class: 'muted', 'data-expiry': 'invalid' }, 'Key 被拒绝，更换后显示');
  if (expiry.level === 'unknown') return h('span', { class: 'muted', 'data-expiry': 'unknown' }, shop.last_tested_at ? '平台未给出' : '测试后显示');
  const text = expiry.level === 'expired' ? '已过期' : `还有 ${expiry.daysLeft} 天`;
  return h(
    'span',
    { 'data-expiry': expiry.level, class: expiry.level === 'ok' ? '' : 'expiry-warn' },
    formatTime(expiry.at).slice(0, 10),
    h('span', { class: expiry.level === 'ok' ? 'muted small' : 'badge badge-error' }, ` ${text}`),
  );
}

/** Shops a publish may use: tested and accepted by the marketplace. */
export const usableShops = (shops: readonly Shop[]): Shop[] => shops.filter((shop) => shop.status === 'active');
