import { messageOf } from '../api/client.ts';
import type { Shop } from '../api/marketplace-types.ts';
import type { App } from '../app.ts';
import { h } from '../lib/dom.ts';
import { testShop } from './shop-test.ts';

/** Binding a shop: name, Client-Id, API Key and the settlement currency; the new key is tested at once. */
export function shopForm(app: App, reload: () => void): HTMLElement {
  const name = h('input', { id: 'shop-name', required: true, maxLength: 100, placeholder: '例如：Ozon 主店', autocomplete: 'off' });
  const clientId = h('input', { id: 'shop-client-id', required: true, inputMode: 'numeric', placeholder: '卖家后台 → 设置 → API 密钥', autocomplete: 'off' });
  const apiKey = h('input', {
    id: 'shop-api-key',
    type: 'password',
    required: true,
    placeholder: '只保存加密后的值，页面不再显示',
    autocomplete: 'new-password',
  });
  const currency = h('select', { id: 'shop-currency' }, h('option', { value: 'RUB' }, '卢布 RUB'), h('option', { value: 'CNY' }, '人民币 CNY'));
  const error = h('p', { class: 'form-error', role: 'alert' });
  const button = h('button', { type: 'submit', class: 'primary', id: 'shop-add' }, '绑定并测试');
  return h(
    'form',
    {
      class: 'card shop-form',
      id: 'shop-form',
      onsubmit: async (event: Event) => {
        event.preventDefault();
        error.textContent = '';
        button.disabled = true;
        try {
          const json = { name: name.value.trim(), client_id: clientId.value.trim(), api_key: apiKey.value.trim(), currency_code: currency.value };
          const shop = await app.api.json<Shop>('/api/shops', { method: 'POST', json });
          apiKey.value = '';
          name.value = '';
          clientId.value = '';
          await testShop(app, shop);
          reload();
        } catch (failure) {
          error.textContent = messageOf(failure);
        } finally {
          button.disabled = false;
        }
      },
    },
    h('h2', null, '绑定新店铺'),
    h(
      'div',
      { class: 'shop-form-fields' },
      h('label', null, '店铺名称', name),
      h('label', null, 'Client-Id', clientId),
      h('label', null, 'API Key', apiKey),
      h('label', null, '结算币种', currency),
    ),
    h('p', { class: 'muted small' }, '绑定后会立即用平台的免费接口测试 Key，并读取 Key 的到期时间。结算币种决定发布时发送卢布价还是按汇率折算的人民币价。'),
    error,
    button,
  );
}
