import { messageOf } from '../api/client.ts';
import type { LoginResponse } from '../api/types.ts';
import type { Screen } from '../app.ts';
import { h, mount } from '../lib/dom.ts';
import { toast } from '../lib/toast.ts';
import { shell } from './layout.ts';

/** Changing one's own password; the server ends every other session and answers a fresh token for this one. */
export const renderAccount: Screen = (app, root) => {
  const session = app.sessions.current(new Date());
  const oldPassword = h('input', { type: 'password', id: 'old-password', required: true, autocomplete: 'current-password' });
  const newPassword = h('input', {
    type: 'password',
    id: 'new-password',
    required: true,
    autocomplete: 'new-password',
    placeholder: '至少 10 个字符，不含用户名',
  });
  const repeat = h('input', { type: 'password', id: 'repeat-password', required: true, autocomplete: 'new-password' });
  const error = h('p', { class: 'form-error', role: 'alert' });
  const button = h('button', { type: 'submit', class: 'primary' }, '修改密码');
  const form = h(
    'form',
    {
      class: 'card account-form',
      onsubmit: async (event: Event) => {
        event.preventDefault();
        error.textContent = '';
        if (newPassword.value !== repeat.value) {
          error.textContent = '两次输入的新密码不一致';
          return;
        }
        button.disabled = true;
        try {
          const body = await app.api.json<LoginResponse>('/api/auth/password', {
            method: 'POST',
            json: { old_password: oldPassword.value, new_password: newPassword.value },
          });
          app.sessions.save({
            accessToken: body.access_token,
            expiresAt: body.expires_at,
            ...(body.user ? { user: body.user } : session?.user ? { user: session.user } : {}),
          });
          oldPassword.value = newPassword.value = repeat.value = '';
          toast('密码已修改，其他设备上的登录已失效');
        } catch (failure) {
          error.textContent = messageOf(failure);
        } finally {
          button.disabled = false;
        }
      },
    },
    h('label', { for: 'old-password' }, '原密码'),
    oldPassword,
    h('label', { for: 'new-password' }, '新密码'),
    newPassword,
    h('label', { for: 'repeat-password' }, '再输入一次新密码'),
    repeat,
    error,
    button,
  );
  mount(root, shell(app, h('h1', null, '修改密码'), session?.user ? h('p', { class: 'muted' }, `当前用户：${session.user.username}`) : null, form));
  oldPassword.focus();
};
