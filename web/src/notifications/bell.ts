import type { NotificationPage } from '../api/notification-types.ts';
import type { App } from '../app.ts';
import { h } from '../lib/dom.ts';
import { routeHref } from '../lib/router.ts';

/**
 * Shows `unread` on every bell on the page (the notifications screen calls it after marking read). The count is
 * visible; the words around it (条未读, 没有未读) are for screen readers, so the link's name holds its visible text.
 */
export function showUnread(unread: number): void {
  for (const bell of document.querySelectorAll<HTMLAnchorElement>('#nav-bell')) {
    const count = bell.querySelector<HTMLElement>('.bell-count');
    const words = bell.querySelector<HTMLElement>('.bell-words');
    if (!count || !words) continue;
    count.textContent = unread > 99 ? '99+' : String(unread);
    count.hidden = unread === 0;
    words.textContent = unread > 0 ? ' 条未读' : '（没有未读）';
  }
}

const SVG = 'http://www.w3.org/2000/svg';
/** A bell drawn in SVG (no emoji font needed), hidden from screen readers: the link's text says 提醒. */
function bellIcon(): SVGSVGElement {
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('viewBox', '0 0 24 24');
  svg.setAttribute('width', '16');
  svg.setAttribute('height', '16');
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('class', 'bell-icon');
  const path = document.createElementNS(SVG, 'path');
  path.setAttribute(
    'd',
    'M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22zm7-6V11a7 7 0 0 0-5.5-6.84V3a1.5 1.5 0 0 0-3 0v1.16A7 7 0 0 0 5 11v5l-2 2v1h18v-1z',
  );
  path.setAttribute('fill', 'currentColor');
  svg.append(path);
  return svg;
}

/** How often an open page reads the unread count again (one small request a minute per visible tab). */
export const BELL_REFRESH_MS = 60_000;

/** Reads the unread count onto every bell on the page; a failure leaves the bell as it is. */
function refreshBell(app: App): void {
  app.api
    .json<NotificationPage>('/api/notifications', { query: { unread: 'true', page_size: 1 } })
    .then((page) => showUnread(page.unread))
    .catch(() => undefined);
}

/** Keeps the bell current while a screen stays open: every minute while the tab is visible and a bell is shown. */
export function watchBell(app: App): void {
  const tick = (): void => {
    if (document.visibilityState === 'visible' && document.querySelector('#nav-bell')) refreshBell(app);
  };
  window.setInterval(tick, BELL_REFRESH_MS);
  document.addEventListener('visibilitychange', tick);
}

/** The bell in the top bar of every screen: a link to the notifications with the unread count, read at each screen and every minute. */
export function bell(app: App): HTMLAnchorElement {
  const link = h(
    'a',
    {
      id: 'nav-bell',
      class: 'bell',
      href: routeHref({ name: 'notifications', unread: false }),
      onclick: (event: MouseEvent) => {
        if (event.ctrlKey || event.metaKey || event.shiftKey) return;
        event.preventDefault();
        app.navigate({ name: 'notifications', unread: false });
      },
    },
    bellIcon(),
    '提醒',
    h('span', { class: 'bell-count', hidden: true }),
    h('span', { class: 'visually-hidden bell-words' }),
  );
  // A bell that cannot read its count stays plain; the screen itself says what failed.
  refreshBell(app);
  return link;
}
