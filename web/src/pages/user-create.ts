import { messageOf } from '../api/client.ts';
import type { UserEntry } from '../api/types.ts';
import type { App } from '../app.ts';
import { h } from '../lib/dom.ts';
import { toast } from '../lib/toast.ts';
import { roleSelect } from './user-roles.ts';

/** The create form: name, initial password, role, display name. */
export function createForm(app: App, reload: () => void): HTMLElement {
  const username = h('input', { id: 'new-username', required: true, maxLength: 64, placeholder: '字母、数字和 . _ -', autocomplete: 'off' });
  const password = h('input', { id: 'new-password', type: 'password', required: true, placeholder: '至少 10 个字符', autocomplete: 'new-password' });
  const displayName = h('input', { id: 'new-display-name', maxLength: 64, placeholder: '可选' });
  const role = roleSelect('new-role', 'operator');
  const error = h('p', { class: 'form-error', role: 'alert' });
  const button = h('button', { type: 'submit', class: 'primary' }, '新建用户');
  return h(
    'form',
    {
      class: 'card user-create',
      id: 'user-create',
      onsubmit: async (event: Event) => {
        event.preventDefault();
        error.textContent = '';
        button.disabled = true;
        try {
          const json = {
            username: username.value.trim(),
            password: password.value,
            role: role.value,
            ...(displayName.value.trim() ? { display_name: displayName.value.trim() } : {}),
          };
          const created = await app.api.json<UserEntry>('/api/users', { method: 'POST', json });
          toast(`已新建用户 ${created.username}`);
          username.value = '';
          password.value = '';
          displayName.value = '';
          reload();
        } catch (failure) {
          error.textContent = messageOf(failure);
        } finally {
          button.disabled = false;
        }
      },
    },
    h('h2', null, '新建用户'),
    h(
      'div',
      { class: 'user-create-fields' },
      h('label', null, '用户名', username),
      h('label', null, '初始密码', password),
      h('label', null, '显示名', displayName),
      h('label', null, '角色', role),
    ),
    error,
    button,
  );
}
