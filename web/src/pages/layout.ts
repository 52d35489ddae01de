import type { App } from '../app.ts';
import { type Child, h } from '../lib/dom.ts';
import { routeHref as routeHrefOf } from '../lib/router.ts';
import { bell } from '../notifications/bell.ts';

/** The frame around every signed-in screen: title, navigation, log-out. */
export function shell(app: App, ...content: Child[]): HTMLElement {
  const logout = h(
    'button',
    {
      class: 'link',
      onclick: () => {
        app.sessions.clear();
        app.navigate({ name: 'login', message: 'signed_out' });
      },
    },
    '退出登录',
  );
  const home = h(
    'a',
    {
      href: '/products',
      class: 'brand',
      onclick: (event: Event) => {
        event.preventDefault();
        app.navigate({ name: 'products', stage: 'all', q: '', page: 1 });
      },
    },
    '选品上架工作台',
  );
  const user = app.sessions.current(new Date())?.user;
  const roleName = user?.role === 'admin' ? '管理员' : '运营';
  // Operators see no admin screens (docs/decisions.md, Accounts); the server refuses them anyway (403).
  const adminLinks = user?.role === 'admin' ? [navLink(app, '用户管理', { name: 'users' }, { id: 'nav-users' })] : [];
  const who = user ? h('span', { class: 'who', id: 'who' }, `${user.username}（${roleName}）`) : null;
  const account = user && user.id !== null ? navLink(app, '修改密码', { name: 'account' }, { id: 'nav-account' }) : null;
  const workLinks = [
    navLink(app, '商品', { name: 'products', stage: 'all', q: '', page: 1 }, { id: 'nav-products' }),
    navLink(app, '批量发布', { name: 'publish', ids: [] }, { id: 'nav-publish' }),
    navLink(app, '发布队列', { name: 'queue' }, { id: 'nav-queue' }),
    navLink(app, '店铺', { name: 'shops' }, { id: 'nav-shops' }),
  ];
  return h(
    'div',
    { class: 'shell' },
    h('header', { class: 'topbar' }, home, h('nav', null, workLinks, adminLinks, bell(app), who, account, logout)),
    h('main', { class: 'content' }, content),
  );
}

/** An in-page link that keeps history navigation (and the unsaved-edit guard). */
export function navLink(app: App, text: Child, route: Parameters<App['navigate']>[0], attrs: Record<string, unknown> = {}): HTMLAnchorElement {
  return h(
    'a',
    {
      ...attrs,
      href: routeHrefOf(route),
      onclick: (event: MouseEvent) => {
        if (event.ctrlKey || event.metaKey || event.shiftKey) return;
        event.preventDefault();
        app.navigate(route);
      },
    },
    text,
  );
}
