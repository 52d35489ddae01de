import { messageOf } from '../api/client.ts';
import type { UserEntry, UserList } from '../api/types.ts';
import type { App, Screen } from '../app.ts';
import { h, mount } from '../lib/dom.ts';
import { formatTime } from '../lib/format.ts';
import { toast } from '../lib/toast.ts';
import { shell } from './layout.ts';

const ROLE_LABELS = { admin: '管理员', operator: '运营' } as const;

const roleSelect = (id: string, value: 'admin' | 'operator', name?: string): HTMLSelectElement =>
  h('select', { id, name: 'role', 'aria-label': name }, ...(['operator', 'admin'] as const).map((role) => h('option', { value: role, selected: role === value }, ROLE_LABELS[role])));

/** The create form: name, initial password, role, display name. */
function createForm(app: App, reload: () => void): HTMLElement {
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
          const json = { username: username.value.trim(), password: password.value, role: role.value, ...(displayName.value.trim() ? { display_name: displayName.value.trim() } : {}) };
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
    h('div', { class: 'user-create-fields' }, h('label', null, '用户名', username), h('label', null, '初始密码', password), h('label', null, '显示名', displayName), h('label', null, '角色', role)),
    error,
    button,
  );
}

/** One user's row: role, enable/disable, reset password, delete. */
function userRow(app: App, user: UserEntry, reload: () => void): HTMLTableRowElement {
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
    { type: 'button', class: 'link', 'data-action': 'toggle', onclick: () => void patch({ disabled: !user.disabled }, user.disabled ? `已启用 ${user.username}` : `已停用 ${user.username}，其登录立即失效`) },
    user.disabled ? '启用' : '停用',
  );
  const resetInput = h('input', { type: 'password', placeholder: '新密码（至少 10 个字符）', autocomplete: 'new-password', class: 'reset-input' });
  const resetBox = h(
    'span',
    { class: 'reset-box', hidden: true },
    resetInput,
    h('button', { type: 'button', class: 'link', 'data-action': 'reset-confirm', onclick: () => void patch({ password: resetInput.value }, `已重置 ${user.username} 的密码`) }, '确定'),
  );
  const reset = h('button', { type: 'button', class: 'link', 'data-action': 'reset', onclick: () => ((resetBox.hidden = !resetBox.hidden), resetInput.focus()) }, '重置密码');
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
    h('td', { 'data-status': user.disabled ? 'disabled' : 'enabled' }, user.disabled ? h('span', { class: 'stage stage-archived' }, '已停用') : h('span', { class: 'stage stage-ready' }, '正常')),
    h('td', { class: 'muted' }, user.last_login_at ? formatTime(user.last_login_at) : '从未登录'),
    h('td', null, h('div', { class: 'actions' }, toggle, reset, remove, resetBox, error)),
  );
}

/** Users (admins only): the team's accounts. */
export const renderUsers: Screen = (app, root) => {
  const me = app.sessions.current(new Date())?.user;
  if (me && me.role !== 'admin') {
    mount(root, shell(app, h('p', { class: 'form-error' }, '只有管理员可以管理用户')));
    return;
  }
  const body = h('tbody', null, h('tr', null, h('td', { colspan: 5, class: 'muted center' }, '正在加载…')));
  const reload = (): void => {
    app.api
      .json<UserList>('/api/users')
      .then((list) => mount(body, list.items.length > 0 ? list.items.map((user) => userRow(app, user, reload)) : h('tr', null, h('td', { colspan: 5, class: 'muted center' }, '还没有用户'))))
      .catch((failure: unknown) => mount(body, h('tr', null, h('td', { colspan: 5, class: 'form-error center' }, messageOf(failure)))));
  };
  const table = h('table', { class: 'list users-table' }, h('thead', null, h('tr', null, h('th', null, '用户名'), h('th', null, '角色'), h('th', null, '状态'), h('th', null, '最近登录'), h('th', null, '操作'))), body);
  mount(
    root,
    shell(
      app,
      h('h1', null, '用户管理'),
      h('p', { class: 'muted' }, '管理员可做一切；运营可处理商品、图片、AI、导出和用已绑定的店铺发布，不能管理用户和店铺。停用、删除或重置密码后，该用户的登录在几秒内失效。'),
      createForm(app, reload),
      h('div', { class: 'card' }, table),
    ),
  );
  reload();
};
