import './tokens.css';
import './styles.css';
import './shops.css';
import './publish.css';
import './publish-checks.css';
import './bulk-publish.css';
import './variant-table.css';
import './rich-content.css';
import './video.css';
import './notifications.css';
import { makeApiClient } from './api/client.ts';
import { makeSessionStore } from './api/session.ts';
import type { AiModel, FxRate } from './api/types.ts';
import type { PricingPolicy } from '../../src/domain/pricing/pricing.ts';
import { type App, once } from './app.ts';
import { type Route, parseRoute, routeHref } from './lib/router.ts';
import { noticeForUnauthorized } from './lib/login-notices.ts';
import { renderAccount } from './pages/account.ts';
import { renderEditor } from './pages/editor.ts';
import { renderLogin } from './pages/login.ts';
import { renderProducts } from './pages/products.ts';
import { renderPublish } from './pages/publish.ts';
import { renderShops } from './pages/shops.ts';
import { renderNotifications } from './pages/notifications.ts';
import { renderQueue } from './pages/queue.ts';
import { renderUsers } from './pages/users.ts';
import { watchSession } from './session-watch.ts';
import { watchBell } from './notifications/bell.ts';
import { announcer } from './lib/announce.ts';
import { toastHost } from './lib/toast.ts';
import { showSiteNotice } from './site-notice.ts';

const root = document.querySelector<HTMLElement>('#app') ?? document.body;
// The live regions exist before their first message, so that message is read out too.
announcer();
toastHost();
void showSiteNotice(root);
const sessions = makeSessionStore(localStorage);
/** Set by the editor: true while some typed edit is not saved yet. */
let hasUnsaved: (() => boolean) | null = null;
const LEAVE_QUESTION = '还有未保存的修改，离开会丢失它们。确定离开吗？';
const mayLeave = (): boolean => !hasUnsaved?.() || window.confirm(LEAVE_QUESTION);
let cleanup: (() => void) | void = undefined;
/** The address of the screen on show, to put back when the user cancels leaving it with the back button. */
let shownHref = location.pathname + location.search;
let expiredNotice = false;

const api = makeApiClient({
  fetch: (input, init) => fetch(input, init),
  token: () => sessions.current(new Date())?.accessToken ?? null,
  onUnauthorized: (error) => {
    if (expiredNotice) return;
    expiredNotice = true;
    // A session that ran out while the page was open sends no token, and the service's "缺少访问令牌" would read as
    // 登录已失效: say it expired (issue 32 item 13).
    const message = sessions.expired(new Date()) ? 'expired' : noticeForUnauthorized(error);
    sessions.clear();
    hasUnsaved = null;
    app.navigate({ name: 'login', message }, { replace: true });
  },
});

const app: App = {
  api,
  sessions,
  navigate(route, options = {}) {
    if (!mayLeave()) return;
    const href = routeHref(route);
    if (options.replace) history.replaceState(null, '', href);
    else history.pushState(null, '', href);
    render(route);
  },
  setLeaveGuard(guard) {
    hasUnsaved = guard;
  },
  reference: {
    policy: once(() => api.json<PricingPolicy>('/api/pricing/policy')),
    fx: () => api.json<FxRate>('/api/fx'),
    models: once(async () => (await api.json<{ models: AiModel[] }>('/api/ai/models')).models),
  },
};

function render(route: Route): void {
  cleanup?.();
  hasUnsaved = null;
  const now = new Date();
  if (route.name !== 'login' && !sessions.current(now)) {
    const message = sessions.expired(now) ? 'expired' : null;
    sessions.clear();
    route = { name: 'login', message };
    history.replaceState(null, '', routeHref(route));
  }
  if (route.name !== 'login') expiredNotice = false;
  root.replaceChildren();
  const screens = {
    login: renderLogin,
    products: renderProducts,
    product: renderEditor,
    users: renderUsers,
    account: renderAccount,
    shops: renderShops,
    notifications: renderNotifications,
    publish: renderPublish,
    queue: renderQueue,
  } as const;
  cleanup = screens[route.name](app, root, route);
  shownHref = location.pathname + location.search;
}

window.addEventListener('popstate', () => {
  if (!mayLeave()) {
    history.pushState(null, '', shownHref);
    return;
  }
  render(parseRoute(location.pathname, location.search));
});

window.addEventListener('beforeunload', (event) => {
  if (hasUnsaved?.()) event.preventDefault();
});

render(parseRoute(location.pathname, location.search));
watchBell(app);
watchSession(
  app,
  () => parseRoute(location.pathname, location.search).name !== 'login',
  () => {
    if (!hasUnsaved?.()) render(parseRoute(location.pathname, location.search));
  },
);
