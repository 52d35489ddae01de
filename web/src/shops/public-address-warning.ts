import type { PublicAddress } from '../../../src/domain/media/public-address.ts';
import type { App } from '../app.ts';
import { h, mount } from '../lib/dom.ts';

let cached: Promise<PublicAddress> | null = null;

/**
 * The loud warning of the shop and publish screens (issue 32 item 1): when PUBLIC_BASE_URL is unset or private the
 * marketplace cannot fetch a single picture, so every publish is refused; said before the seller tries, with what to set.
 * Read once per page load (the setting changes only with a restart).
 */
export function publicAddressWarning(app: App): HTMLElement {
  const host = h('div', { class: 'public-address-host' });
  cached ??= app.api.json<PublicAddress>('/api/media/public-address').catch((error: unknown) => {
    cached = null;
    throw error;
  });
  cached.then(
    (address) => {
      if (address.warning === null) return;
      mount(
        host,
        h(
          'div',
          { class: 'public-address-warning', role: 'alert', id: 'public-address-warning' },
          h(
            'strong',
            null,
            address.state === 'missing' ? '图片没有公网地址，发布会被平台拒绝' : `图片地址 ${address.public_base ?? ''} 在内网，发布会被平台拒绝`,
          ),
          h('p', null, address.warning),
        ),
      );
    },
    // An older service without the endpoint: nothing to say.
    () => undefined,
  );
  return host;
}
