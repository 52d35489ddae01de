import { messageOf } from '../api/client.ts';
import type { UserEntry } from '../api/types.ts';
import type { App } from '../app.ts';
import { h } from '../lib/dom.ts';
import { formatTime } from '../lib/format.ts';
import { toast } from '../lib/toast.ts';
import { ROLE_LABELS, roleSelect } from './user-roles.ts';

/** One user's row: role, enable/disable, reset password, delete. */
export function userRow(app: App, user: UserEntry, reload: () => void): HTMLTableRowElement {
  const error = h('span', { class: 'form-error small', role: 'alert' });
  const patch = async (json: Record<string, unknown>, done: string): Promise<boolean> => {
    error.textContent = '';
    try {
      await app.api.json<UserEntry>(`/api/users/${user.id}`, { method: 'PATCH', json });
      toast(done);
      reload();
      return true;
    } catch (failure) {
      error.textContent = messageOf(failure);
      return false;
    }
  };
  const role = roleSelect(`role-${user.username}`, user.role, `${user.username} 的角色`);
  role.addEventListener('change', () => {
    void patch({ role: role.value }, `${user.username} 已改为${ROLE_LABELS[role.value as 'admin' | 'operator']}`).then((ok) => {
      if (!ok) role.value = user.role;
    });
  });
  const toggle = h(
    'button',
    {
      type: 'button',
      class: 'link',
      'data-action': 'toggle',
      onclick: () => void patch({ disabled: !user.disabled }, user.disabled ? `已启用 ${user.username}` : `已停用 ${user.username}，其登录立即失效`),
    },
    user.disabled ? '启用' : '停用',
  );
  const resetInput = h('input', { type: 'password', placeholder: '新密码（至少 10 个字符）', autocomplete: 'new-password', class: 'reset-input' });
  const resetBox = h(
    'span',
    { class: 'reset-box', hidden: true },
    resetInput,
    h(
      'button',
      {
        type: 'button',
        class: 'link',
        'data-action': 'reset-confirm',
        onclick: () => void patch({ password: resetInput.value }, `已重置 ${user.username} 的密码`),
      },
      '确定',
    ),
  );
  const reset = h(
    'button',
    { type: 'button', class: 'link', 'data-action': 'reset', onclick: () => ((resetBox.hidden = !resetBox.hidden), resetInput.focus()) },
    '重置密码',
  );
  const remove = h(
    'button',
    {
      type: 'button',
      class: 'link danger',
      'data-action': 'delete',
      onclick: async () => {
        if (!window.confirm(`删除用户 ${user.username}？其登录立即失效，此操作不能撤销。`)) return;
        error.textContent = '';
        try {
          await app.api.json<unknown>(`/api/users/${user.id}`, { method: 'DELETE' });
          toast(`已删除 ${user.username}`);
          reload();
        } catch (failure) {
          error.textContent = messageOf(failure);
        }
      },
    },
    '删除',
  );
  return h(
    'tr',
    { 'data-user': user.username, class: user.disabled ? 'disabled-user' : '' },
    h('td', { class: 'name' }, user.username, user.display_name ? h('span', { class: 'muted small' }, ` ${user.display_name}`) : null),
    h('td', null, role),
    h(
      'td',
      { 'data-status': user.disabled ? 'disabled' : 'enabled' },
      user.disabled ? h('span', { class: 'stage stage-archived' }, '已停用') : h('span', { class: 'stage stage-ready' }, '正常'),
    ),
    h('td', { class: 'muted' }, user.last_login_at ? formatTime(user.last_login_at) : '从未登录'),
    h('td', null, h('div', { class: 'actions' }, toggle, reset, remove, resetBox, error)),
  );
}
