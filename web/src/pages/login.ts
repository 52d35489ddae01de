import { ApiError, messageOf } from '../api/client.ts';
import type { SessionUser } from '../api/session.ts';
import type { LoginResponse } from '../api/types.ts';
import type { App, Screen } from '../app.ts';
import { h, mount } from '../lib/dom.ts';
import { LOGIN_NOTICES } from '../lib/login-notices.ts';

/** Keeps the new session with its user (asked of `/api/auth/me` when the login answer does not say). */
async function signIn(app: App, body: LoginResponse): Promise<void> {
  app.sessions.save({ accessToken: body.access_token, expiresAt: body.expires_at });
  const user = body.user ?? (await app.api.json<SessionUser>('/api/auth/me'));
  app.sessions.save({ accessToken: body.access_token, expiresAt: body.expires_at, user });
  app.navigate({ name: 'products', stage: 'all', q: '', page: 1 }, { replace: true });
}

/**
 * Login by user name and password (docs/decisions.md, Accounts); the shared application token stays available behind a
 * link for the extension's owner and scripts.
 */
export const renderLogin: Screen = (app, root, route) => {
  // Only fixed texts: the address names a notice by its code, so no link can write on this page.
  const notice = route.name === 'login' && route.message ? LOGIN_NOTICES[route.message] : null;
  const error = h('p', { class: 'form-error', role: 'alert' });

  const username = h('input', { type: 'text', id: 'username', name: 'username', autocomplete: 'username', required: true, maxLength: 64 });
  const password = h('input', { type: 'password', id: 'password', name: 'password', autocomplete: 'current-password', required: true });
  const tokenInput = h('input', { type: 'password', id: 'app-token', name: 'token', autocomplete: 'off', placeholder: '启动服务时打印的 APP_TOKEN' });
  const button = h('button', { type: 'submit', class: 'primary wide' }, '登录');

  const byPassword = h(
    'div',
    { class: 'login-fields', id: 'password-login' },
    h('label', { for: 'username' }, '用户名'),
    username,
    h('label', { for: 'password' }, '密码'),
    password,
  );
  const byToken = h(
    'div',
    { class: 'login-fields', id: 'token-login', hidden: true },
    h('label', { for: 'app-token' }, '应用令牌'),
    tokenInput,
    h('p', { class: 'muted small' }, '令牌保存在服务的 DATA_DIR/secrets.json，首次启动时会打印在终端。'),
  );
  let tokenMode = false;
  const switcher = h('button', { type: 'button', class: 'link', id: 'use-app-token' }, '改用应用令牌登录');
  const setMode = (token: boolean): void => {
    tokenMode = token;
    byPassword.hidden = token;
    byToken.hidden = !token;
    username.required = !token;
    password.required = !token;
    tokenInput.required = token;
    switcher.textContent = token ? '改用用户名和密码登录' : '改用应用令牌登录';
    error.textContent = '';
    (token ? tokenInput : username).focus();
  };
  switcher.addEventListener('click', () => setMode(!tokenMode));

  const form = h(
    'form',
    {
      class: 'login-card',
      onsubmit: async (event: Event) => {
        event.preventDefault();
        error.textContent = '';
        button.disabled = true;
        try {
          const json = tokenMode ? { token: tokenInput.value.trim() } : { username: username.value.trim(), password: password.value };
          await signIn(app, await app.api.json<LoginResponse>('/api/auth/login', { method: 'POST', json }));
        } catch (failure) {
          // The app token typed as a password is the usual slip (issue 32 item 13): point to the switch below.
          const pointToToken = !tokenMode && failure instanceof ApiError && failure.status === 401;
          error.textContent = pointToToken ? `${messageOf(failure)}。如果你输入的是启动时打印的应用令牌，请点下方「改用应用令牌登录」。` : messageOf(failure);
          button.disabled = false;
          (tokenMode ? tokenInput : password).select();
        }
      },
    },
    h('h1', null, '选品上架工作台'),
    h('p', { class: 'muted' }, '采集 → 试算定价 → 文案与图片 → 导出'),
    notice ? h('p', { class: 'notice', role: 'status' }, notice) : null,
    byPassword,
    byToken,
    error,
    button,
    switcher,
  );
  mount(root, h('main', { class: 'login-page' }, form));
  username.focus();
};
