import { messageOf } from '../api/client.ts';
import type { UserList } from '../api/types.ts';
import type { Screen } from '../app.ts';
import { h, mount } from '../lib/dom.ts';
import { shell } from './layout.ts';
import { createForm } from './user-create.ts';
import { userRow } from './user-row.ts';

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
      .then((list) =>
        mount(
          body,
          list.items.length > 0
            ? list.items.map((user) => userRow(app, user, reload))
            : h('tr', null, h('td', { colspan: 5, class: 'muted center' }, '还没有用户')),
        ),
      )
      .catch((failure: unknown) => mount(body, h('tr', null, h('td', { colspan: 5, class: 'form-error center' }, messageOf(failure)))));
  };
  const table = h(
    'table',
    { class: 'list users-table' },
    h('thead', null, h('tr', null, h('th', null, '用户名'), h('th', null, '角色'), h('th', null, '状态'), h('th', null, '最近登录'), h('th', null, '操作'))),
    body,
  );
  mount(
    root,
    shell(
      app,
      h('h1', null, '用户管理'),
      h(
        'p',
        { class: 'muted' },
        '管理员可做一切；运营可处理商品、图片、AI、导出和用已绑定的店铺发布，不能管理用户和店铺。停用、删除或重置密码后，该用户的登录在几秒内失效。',
      ),
      createForm(app, reload),
      h('div', { class: 'card' }, table),
    ),
  );
  reload();
};
