import { messageOf } from '../api/client.ts';
import type { Shop } from '../api/marketplace-types.ts';
import type { App } from '../app.ts';
import { h } from '../lib/dom.ts';
import { formatTime } from '../lib/format.ts';
import { toast } from '../lib/toast.ts';
import { showQuota } from './quota.ts';
import { expiryCell, statusBadge } from './shop-status.ts';
import { testShop } from './shop-test.ts';
import { stockDefaultsCell } from './stock-defaults.ts';
import { marginFloorCell } from './margin-floor.ts';

/** One shop: status, key expiry, today's quota, and (for admins) test, rotate the key, delete. */
export function shopRow(app: App, shop: Shop, isAdmin: boolean, reload: () => void): HTMLTableRowElement {
  const error = h('span', { class: 'form-error small', role: 'alert' });
  const quota = h('td', { class: 'quota-cell' });
  if (shop.status === 'active') void showQuota(app, shop.id, quota);
  else quota.append(h('span', { class: 'muted small' }, '测试通过后显示'));

  const busy = (on: boolean): void => {
    for (const button of actions.querySelectorAll('button')) button.disabled = on;
  };
  const test = h(
    'button',
    {
      type: 'button',
      class: 'small',
      'data-action': 'test',
      onclick: async () => {
        busy(true);
        await testShop(app, shop);
        reload();
      },
    },
    '测试连接',
  );
  const keyInput = h('input', {
    type: 'password',
    class: 'rotate-input',
    placeholder: '新的 API Key',
    autocomplete: 'new-password',
    'aria-label': '新的 API Key',
  });
  const rotateBox = h(
    'form',
    {
      class: 'rotate-box',
      hidden: true,
      onsubmit: async (event: Event) => {
        event.preventDefault();
        error.textContent = '';
        busy(true);
        try {
          await app.api.json<Shop>(`/api/shops/${shop.id}`, { method: 'PATCH', json: { api_key: keyInput.value.trim() } });
          toast(`已更换「${shop.name}」的 API Key，正在测试`);
          await testShop(app, shop);
          reload();
        } catch (failure) {
          error.textContent = messageOf(failure);
          busy(false);
        }
      },
    },
    keyInput,
    h('button', { type: 'submit', class: 'small primary', 'data-action': 'rotate-confirm' }, '保存并测试'),
  );
  const rotate = h(
    'button',
    { type: 'button', class: 'small', 'data-action': 'rotate', onclick: () => ((rotateBox.hidden = !rotateBox.hidden), keyInput.focus()) },
    '更换 Key',
  );
  const remove = h(
    'button',
    {
      type: 'button',
      class: 'small danger',
      'data-action': 'delete',
      onclick: async () => {
        if (!window.confirm(`删除店铺「${shop.name}」？已发布的商品不受影响，但之后不能再用它发布。`)) return;
        error.textContent = '';
        try {
          await app.api.json<unknown>(`/api/shops/${shop.id}`, { method: 'DELETE' });
          toast(`已删除店铺「${shop.name}」`);
          reload();
        } catch (failure) {
          error.textContent = messageOf(failure);
        }
      },
    },
    '删除',
  );
  const actions = h('div', { class: 'actions' }, isAdmin ? [test, rotate, remove] : h('span', { class: 'muted small' }, '仅管理员可修改'), rotateBox, error);
  return h(
    'tr',
    { 'data-shop': shop.name, 'data-shop-id': shop.id },
    h('td', { class: 'name' }, shop.name, h('div', { class: 'muted small' }, `Client-Id ${shop.client_id} · Key ${shop.api_key_masked}`)),
    h('td', null, shop.currency_code),
    h(
      'td',
      { class: 'status-cell' },
      statusBadge(shop),
      h('div', { class: 'muted small' }, shop.last_tested_at ? `测试于 ${formatTime(shop.last_tested_at)}` : '尚未测试'),
    ),
    h('td', { class: 'expiry-cell' }, expiryCell(shop, new Date())),
    quota,
    stockDefaultsCell(app, shop, isAdmin),
    marginFloorCell(app, shop, isAdmin),
    h('td', null, actions),
  );
}
