import { h } from './lib/dom.ts';

/**
 * The line the operator set with SITE_NOTICE (the demo's «this is a local stand-in»), above every screen: it is put
 * before the app's root once, so no screen can forget it. Health is public, so the login screen shows it too.
 */
export async function showSiteNotice(root: HTMLElement): Promise<void> {
  const health = await fetch('/api/health')
    .then((response) => response.json() as Promise<{ notice?: string | null }>)
    .catch(() => ({ notice: null }));
  if (!health.notice || document.querySelector('#site-notice')) return;
  root.before(h('aside', { id: 'site-notice', class: 'site-notice', 'aria-label': '站点说明' }, health.notice));
}
