import { messageOf } from '../api/client.ts';
import type { LoginResponse } from '../api/types.ts';
import type { Screen } from '../app.ts';
import { h, mount } from '../lib/dom.ts';

/** Login with the shared application token; the access token is kept until it expires. */
export const renderLogin: Screen = (app, root, route) => {
  const notice = route.name === 'login' ? route.message : null;
  const tokenInput = h('input', { type: 'password', id: 'app-token', name: 'token', autocomplete: 'current-password', required: true, placeholder: '启动服务时打印的 APP_TOKEN' });
  const error = h('p', { class: 'form-error', role: 'alert' });
  const button = h('button', { type: 'submit', class: 'primary wide' }, '登录');

  const form = h(
    'form',
    {
      class: 'login-card',
      onsubmit: async (event: Event) => {
        event.preventDefault();
        error.textContent = '';
        button.disabled = true;
        try {
          const body = await app.api.json<LoginResponse>('/api/auth/login', { method: 'POST', json: { token: tokenInput.value.trim() } });
          app.sessions.save({ accessToken: body.access_token, expiresAt: body.expires_at });
          app.navigate({ name: 'products', stage: 'all', q: '', page: 1 }, { replace: true });
        } catch (failure) {
          error.textContent = messageOf(failure);
          button.disabled = false;
          tokenInput.select();
        }
      },
    },
    h('h1', null, '选品上架工作台'),
    h('p', { class: 'muted' }, '采集 → 试算定价 → 文案与图片 → 导出'),
    notice ? h('p', { class: 'notice', role: 'status' }, notice) : null,
    h('label', { for: 'app-token' }, '应用令牌'),
    tokenInput,
    error,
    button,
    h('p', { class: 'muted small' }, '令牌保存在服务的 DATA_DIR/secrets.json，首次启动时会打印在终端。'),
  );
  mount(root, h('main', { class: 'login-page' }, form));
  tokenInput.focus();
};
