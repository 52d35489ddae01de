import { type Clock } from '../ports/clock.ts';
import { type Ids } from '../ports/ids.ts';
import { type NotificationStore } from '../ports/notification-store.ts';
import { type ProductRepository } from '../ports/product-repository.ts';
import { type ShopRepository } from '../ports/shop-repository.ts';
import { type WebhookStore } from '../ports/webhook-store.ts';
import {
  type Notification,
  type NotificationEvent,
  type NotificationSubject,
  composeNotification,
  episodeKey,
} from '../../domain/notifications/notification.ts';
import { robotText } from '../../domain/notifications/robot-text.ts';

/**
 * What other features call when they see a watched state (docs/decisions.md, Notifications). `notify` makes one
 * notification per episode: called again while the state holds it does nothing; `clear` ends the episode, so the
 * state coming back notifies again. Neither calls an outside service: robot messages are queued for their sender.
 */
export type Notifier = {
  /** Answers true when this call made a new notification. */
  notify(event: NotificationEvent): Promise<boolean>;
  clear(subject: NotificationSubject): Promise<void>;
};

export type NotifierDeps = {
  readonly notifications: NotificationStore;
  readonly webhooks: WebhookStore;
  readonly shops: ShopRepository;
  /** Names the product when the caller did not (a sweep knows offers, not names). */
  readonly products: Pick<ProductRepository, 'findById'>;
  readonly clock: Clock;
  readonly ids: Ids;
  /** PUBLIC_BASE_URL: robot messages link to the page's product screen under it (no link when unset). */
  readonly publicBaseUrl: string | undefined;
  /** Told when messages were queued, so the sender need not wait for its next look. */
  readonly onQueued?: () => void;
};

export function makeNotifier({ notifications, webhooks, shops, products, clock, ids, publicBaseUrl, onQueued }: NotifierDeps): Notifier {
  return {
    async notify(event) {
      const key = episodeKey(event);
      // The common case in a sweep: the state still holds. One read, then nothing (the insert below decides a race).
      if (await notifications.isOpen(key)) return false;
      const shop = await shops.findById(event.shopId);
      // A shop removed meanwhile has nobody to tell.
      if (!shop) return false;
      const product = !event.productName && event.productId ? await products.findById(event.productId) : undefined;
      const { title, detail } = composeNotification(
        { ...event, productName: event.productName ?? product?.name, offerId: event.offerId ?? product?.offer_id },
        shop.name,
      );
      const notification: Notification = {
        id: ids.uuid(),
        at: clock.now().toISOString(),
        kind: event.kind,
        shop_id: event.shopId,
        product_id: event.productId ?? null,
        variant_id: event.variantId ?? null,
        title,
        detail,
        read: false,
      };
      const text = robotText({ shopName: shop.name, title, detail, productId: notification.product_id, publicBaseUrl });
      const targets = await webhooks.subscribed(event.shopId, event.kind);
      const made = await notifications.open(
        key,
        notification,
        targets.map((webhook) => ({ webhookId: webhook.id, text })),
      );
      if (made && targets.length > 0) onQueued?.();
      return made;
    },
    clear: (subject) => notifications.close(episodeKey(subject)),
  };
}
