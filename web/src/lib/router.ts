import { asLoginNotice, type LoginNotice } from './login-notices.ts';

/** The page's routes; the service answers index.html for each so a reload lands on the same screen. */
export type Route =
  | { readonly name: 'login'; readonly message: LoginNotice | null }
  | ({ readonly name: 'products'; readonly stage: string; readonly q: string; readonly page: number } & ListFilters)
  /** `field`: a check's path to open and focus on arrival (a problem listed on another screen, issue 32 item 4). */
  | { readonly name: 'product'; readonly id: string; readonly tab: EditorTab; readonly field?: string }
  | { readonly name: 'users' }
  | { readonly name: 'account' }
  | { readonly name: 'shops' }
  /** The bell's list; `unread` shows only what is not read yet. */
  | { readonly name: 'notifications'; readonly unread: boolean }
  /** The publish queue (issue 32 item 7). */
  | { readonly name: 'queue' }
  /** Bulk publishing; `ids` are the products chosen on the list (the screen lets the seller change them). */
  | { readonly name: 'publish'; readonly ids: readonly string[] };

/** The list's filters and sort (docs/decisions.md, Product list and search), kept in the address so a reload or the back button keeps them. */
export type ListFilters = {
  readonly platform?: string;
  readonly failed?: boolean;
  readonly from?: string;
  readonly to?: string;
  readonly sort?: string;
  /** The marketplace state (`market_state`, docs/decisions.md, Moderation). */
  readonly market?: string;
  /** The price index (`price_index`, docs/decisions.md, Real margin). */
  readonly index?: string;
  /** How products go to the marketplace (`publish_mode`, docs/decisions.md, Follow-selling). */
  readonly mode?: string;
};

const FILTER_KEYS = ['platform', 'from', 'to', 'sort', 'market', 'index', 'mode'] as const;

export const EDITOR_TABS = ['pricing', 'copy', 'images', 'suite', 'publish'] as const;
export type EditorTab = (typeof EDITOR_TABS)[number];

const isTab = (value: string | null): value is EditorTab => (EDITOR_TABS as readonly (string | null)[]).includes(value);

/** Reads a location (path + search) into a route; anything unknown shows the product list. */
export function parseRoute(pathname: string, search: string): Route {
  const query = new URLSearchParams(search);
  if (pathname === '/login') return { name: 'login', message: asLoginNotice(query.get('message')) };
  if (pathname === '/users') return { name: 'users' };
  if (pathname === '/account') return { name: 'account' };
  if (pathname === '/shops') return { name: 'shops' };
  if (pathname === '/notifications') return { name: 'notifications', unread: query.get('unread') === '1' };
  if (pathname === '/queue') return { name: 'queue' };
  if (pathname === '/publish') return { name: 'publish', ids: (query.get('ids') ?? '').split(',').filter((id) => /^[0-9a-fA-F-]{36}$/.test(id)) };
  const product = /^\/products\/([0-9a-fA-F-]{36})\/?$/.exec(pathname);
  if (product?.[1]) {
    const tab = query.get('tab');
    const field = query.get('field');
    return { name: 'product', id: product[1], tab: isTab(tab) ? tab : 'pricing', ...(field ? { field: field.slice(0, 200) } : {}) };
  }
  const page = Number.parseInt(query.get('page') ?? '1', 10);
  const filters: Record<string, string | boolean> = {};
  for (const key of FILTER_KEYS) {
    const value = query.get(key);
    if (value) filters[key] = value;
  }
  if (query.get('failed') === '1') filters.failed = true;
  return { name: 'products', stage: query.get('stage') ?? 'all', q: query.get('q') ?? '', page: Number.isFinite(page) && page > 0 ? page : 1, ...filters };
}

/** The inverse of `parseRoute`, with default values left out of the address. */
export function routeHref(route: Route): string {
  switch (route.name) {
    case 'login':
      return route.message ? `/login?${new URLSearchParams({ message: route.message }).toString()}` : '/login';
    case 'users':
      return '/users';
    case 'account':
      return '/account';
    case 'shops':
      return '/shops';
    case 'notifications':
      return route.unread ? '/notifications?unread=1' : '/notifications';
    case 'queue':
      return '/queue';
    case 'publish':
      return route.ids.length > 0 ? `/publish?ids=${route.ids.join(',')}` : '/publish';
    case 'product': {
      const query = new URLSearchParams();
      if (route.tab !== 'pricing') query.set('tab', route.tab);
      if (route.field) query.set('field', route.field);
      const search = query.toString();
      return `/products/${route.id}${search ? `?${search}` : ''}`;
    }
    case 'products': {
      const query = new URLSearchParams();
      if (route.stage !== 'all') query.set('stage', route.stage);
      if (route.q) query.set('q', route.q);
      for (const key of FILTER_KEYS) if (route[key]) query.set(key, route[key] ?? '');
      if (route.failed) query.set('failed', '1');
      if (route.page > 1) query.set('page', String(route.page));
      const search = query.toString();
      return `/products${search ? `?${search}` : ''}`;
    }
  }
}
