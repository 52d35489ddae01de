import { ApiError, messageOf } from '../api/client.ts';
import type { Shop } from '../api/marketplace-types.ts';
import type { WebhookItem, WebhookTest } from '../api/notification-types.ts';
import type { App } from '../app.ts';
import { h, mount } from '../lib/dom.ts';
import { formatTime } from '../lib/format.ts';
import { toast } from '../lib/toast.ts';
import { NOTIFICATION_KINDS, NOTIFICATION_KIND_LABELS } from '../../../src/domain/notifications/notification.ts';
import { ROBOT_KINDS, ROBOT_LABELS, type RobotKind } from '../../../src/domain/notifications/webhook.ts';

const HINTS: Readonly<Record<RobotKind, string>> = {
  wecom: '群设置 → 群机器人 → 添加 → 复制 Webhook 地址（含 key）',
  dingtalk: '群设置 → 智能群助手 → 添加自定义机器人，安全设置选「加签」，复制 Webhook 地址和 SEC 开头的密钥',
  feishu: '群设置 → 群机器人 → 添加自定义机器人，可开启「签名校验」，复制 Webhook 地址和密钥',
};

/**
 * Shops' group robots (admins only): pick a shop, see its robots (address masked), send a test and see what the
 * robot answered, delete; add one with the kinds of notification it should get.
 */
export function webhookSection(app: App): { element: HTMLElement; setShops(shops: readonly Shop[]): void } {
  const shopSelect = h('select', { id: 'webhook-shop', 'aria-label': '店铺' });
  const list = h('tbody', null);
  const answer = h('p', { class: 'webhook-answer small', id: 'webhook-answer', role: 'status' });
  const table = h(
    'table',
    { class: 'list webhook-list', id: 'webhook-list' },
    h(
      'thead',
      null,
      h(
        'tr',
        null,
        ['机器人', '地址', '提醒类型', '发送情况', '操作'].map((title) => h('th', null, title)),
      ),
    ),
    list,
  );

  const kind = h(
    'select',
    { id: 'webhook-kind' },
    ROBOT_KINDS.map((value) => h('option', { value }, ROBOT_LABELS[value])),
  );
  const url = h('input', { id: 'webhook-url', type: 'url', required: true, maxLength: 500, placeholder: 'https://…', autocomplete: 'off' });
  const secret = h('input', { id: 'webhook-secret', type: 'password', maxLength: 200, placeholder: '加签密钥（可选）', autocomplete: 'new-password' });
  const secretLabel = h('label', null, '加签密钥', secret);
  const hint = h('p', { class: 'muted small', id: 'webhook-hint' });
  const checks = NOTIFICATION_KINDS.map((value) => h('input', { type: 'checkbox', value, checked: true, name: 'webhook-kinds' }));
  const error = h('p', { class: 'form-error', role: 'alert', id: 'webhook-error' });
  const submit = h('button', { type: 'submit', class: 'primary', id: 'webhook-add' }, '添加群机器人');
  const onKind = (): void => {
    const chosen = kind.value as RobotKind;
    // WeCom's robots have no signing secret: the key in the address is the secret.
    secretLabel.hidden = chosen === 'wecom';
    hint.textContent = HINTS[chosen];
  };
  kind.addEventListener('change', onKind);
  onKind();

  const shopId = (): string => shopSelect.value;

  const row = (hook: WebhookItem): HTMLTableRowElement => {
    const test = h('button', { type: 'button', class: 'small', 'data-action': 'webhook-test' }, '发送测试');
    const remove = h('button', { type: 'button', class: 'small danger', 'data-action': 'webhook-delete' }, '删除');
    test.addEventListener('click', async () => {
      test.disabled = true;
      answer.className = 'webhook-answer small';
      answer.textContent = '正在发送测试消息…';
      try {
        const result = await app.api.json<WebhookTest>(`/api/shops/${shopId()}/webhooks/${hook.id}/test`, { method: 'POST' });
        answer.className = 'webhook-answer small ok';
        answer.textContent = `${ROBOT_LABELS[hook.kind]}机器人回答：${result.words || 'ok'}（错误码 ${result.code}），测试消息已发到群里。`;
      } catch (failure) {
        answer.className = 'webhook-answer small form-error';
        answer.textContent = failure instanceof ApiError ? failure.detail : messageOf(failure);
      } finally {
        test.disabled = false;
      }
    });
    remove.addEventListener('click', async () => {
      if (!window.confirm(`删除这个${ROBOT_LABELS[hook.kind]}群机器人？等待发送的消息也会删除。`)) return;
      try {
        await app.api.json<unknown>(`/api/shops/${shopId()}/webhooks/${hook.id}`, { method: 'DELETE' });
        toast('已删除群机器人');
        void load();
      } catch (failure) {
        toast(`删除失败：${messageOf(failure)}`, 'error');
      }
    });
    const state = [
      hook.waiting > 0 ? `${hook.waiting} 条等待发送` : '没有等待发送的消息',
      hook.last_sent_at ? `上次发送 ${formatTime(hook.last_sent_at)}` : null,
      hook.last_error ? `上次失败：${hook.last_error}` : null,
    ].filter((text): text is string => text !== null);
    return h(
      'tr',
      { 'data-webhook-id': hook.id },
      h('td', null, ROBOT_LABELS[hook.kind], hook.has_secret ? h('div', { class: 'muted small' }, '已加签') : null),
      h('td', { class: 'small' }, hook.url_masked),
      h('td', { class: 'small' }, hook.kinds.map((value) => NOTIFICATION_KIND_LABELS[value]).join('、')),
      h(
        'td',
        { class: 'small' },
        state.map((text) => h('div', null, text)),
      ),
      h('td', null, h('div', { class: 'actions' }, test, remove)),
    );
  };

  const load = async (): Promise<void> => {
    if (!shopId()) return mount(list, h('tr', null, h('td', { colspan: 5, class: 'muted center' }, '先绑定店铺，再给它添加群机器人')));
    try {
      const { items } = await app.api.json<{ items: WebhookItem[] }>(`/api/shops/${shopId()}/webhooks`);
      mount(list, items.length > 0 ? items.map(row) : h('tr', null, h('td', { colspan: 5, class: 'muted center' }, '这个店铺还没有群机器人')));
    } catch (failure) {
      mount(list, h('tr', null, h('td', { colspan: 5, class: 'form-error center' }, messageOf(failure))));
    }
  };
  shopSelect.addEventListener('change', () => {
    answer.textContent = '';
    void load();
  });

  const form = h(
    'form',
    {
      class: 'webhook-form',
      id: 'webhook-form',
      onsubmit: async (event: Event) => {
        event.preventDefault();
        error.textContent = '';
        submit.disabled = true;
        try {
          const kinds = checks.filter((check) => check.checked).map((check) => check.value);
          const json = {
            kind: kind.value,
            url: url.value.trim(),
            kinds,
            ...(kind.value !== 'wecom' && secret.value.trim() ? { secret: secret.value.trim() } : {}),
          };
          await app.api.json<WebhookItem>(`/api/shops/${shopId()}/webhooks`, { method: 'POST', json });
          url.value = '';
          secret.value = '';
          toast(`已添加${ROBOT_LABELS[kind.value as RobotKind]}群机器人，可点「发送测试」确认`);
          await load();
        } catch (failure) {
          error.textContent = messageOf(failure);
        } finally {
          submit.disabled = false;
        }
      },
    },
    h('h3', null, '添加群机器人'),
    h(
      'div',
      { class: 'webhook-form-fields' },
      h('label', null, '店铺', shopSelect),
      h('label', null, '机器人类型', kind),
      h('label', null, 'Webhook 地址', url),
      secretLabel,
    ),
    hint,
    h(
      'fieldset',
      { class: 'webhook-kinds' },
      h('legend', { class: 'small' }, '发到群里的提醒'),
      checks.map((check) => h('label', null, check, NOTIFICATION_KIND_LABELS[check.value as (typeof NOTIFICATION_KINDS)[number]])),
    ),
    error,
    submit,
  );

  const element = h(
    'section',
    { class: 'card webhooks', id: 'webhooks', 'aria-labelledby': 'webhooks-title' },
    h('h2', { id: 'webhooks-title' }, '群机器人（企业微信、钉钉、飞书）'),
    h(
      'p',
      { class: 'muted small' },
      '提醒会以文字消息发到群里，带商品名、货号和链接；群机器人暂时连不上时消息会保存并在一天内按顺序重试。地址和密钥加密保存，之后只显示末 4 位。',
    ),
    table,
    answer,
    form,
  );
  return {
    element,
    setShops(shops) {
      const current = shopSelect.value;
      mount(
        shopSelect,
        shops.map((shop) => h('option', { value: shop.id, selected: shop.id === current }, shop.name)),
      );
      submit.disabled = shops.length === 0;
      void load();
    },
  };
}
