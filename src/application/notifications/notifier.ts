import { type Clock } from '../ports/clock.ts';
import { type Ids } from '../ports/ids.ts';
import { type NotificationStore, type QueuedDelivery } from '../ports/notification-store.ts';
import { type ProductBrief, type ProductRepository } from '../ports/product-repository.ts';
import { type ShopRepository } from '../ports/shop-repository.ts';
import { type WebhookStore } from '../ports/webhook-store.ts';
import { type Product } from '../../domain/catalog/product.ts';
import { type Shop } from '../../domain/shops/shop.ts';
import { type Webhook } from '../../domain/notifications/webhook.ts';
import {
  type Notification,
  type NotificationEvent,
  type NotificationKind,
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
  /**
   * `notify` each event whose state `holds`, `clear` each that does not, with one read of which episodes are open:
   * for a sweep's look at up to 1000 offers, whose states seldom change (two calls an offer were 2000 reads a look).
   */
  track(events: readonly { readonly event: NotificationEvent; readonly holds: boolean }[]): Promise<void>;
};

export type NotifierDeps = {
  readonly notifications: NotificationStore;
  readonly webhooks: WebhookStore;
  readonly shops: ShopRepository;
  /** Names the product when the caller did not (a sweep knows offers, not names). */
  readonly products: Pick<ProductRepository, 'findById' | 'briefsOf'>;
  readonly clock: Clock;
  readonly ids: Ids;
  /** PUBLIC_BASE_URL: robot messages link to the page's product screen under it (no link when unset). */
  readonly publicBaseUrl: string | undefined;
  /** Told when messages were queued, so the sender need not wait for its next look. */
  readonly onQueued?: () => void;
};

/** What an episode's notification is told with: its shop, the product's name and offer when the caller gave none, the robots. */
type Told = {
  shop(shopId: string): Promise<Shop | undefined>;
  product(productId: string): Promise<Pick<Product, 'name' | 'offer_id'> | undefined>;
  targets(shopId: string, kind: NotificationKind): Promise<Webhook[]>;
};

export function makeNotifier({ notifications, webhooks, shops, products, clock, ids, publicBaseUrl, onQueued }: NotifierDeps): Notifier {
  /** A new episode's notification and its robot messages (undefined when its shop is gone: nobody to tell). */
  const compose = async (event: NotificationEvent, told: Told): Promise<{ notification: Notification; deliveries: QueuedDelivery[] } | undefined> => {
    const shop = await told.shop(event.shopId);
    if (!shop) return undefined;
    const product = !event.productName && event.productId ? await told.product(event.productId) : undefined;
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
    const targets = await told.targets(event.shopId, event.kind);
    return { notification, deliveries: targets.map((webhook) => ({ webhookId: webhook.id, text })) };
  };

  /** One event's reads, as they were. */
  const single: Told = {
    shop: (shopId) => shops.findById(shopId),
    product: (productId) => products.findById(productId),
    targets: (shopId, kind) => webhooks.subscribed(shopId, kind),
  };

  /** A batch's reads: each shop and its robots once, the products without a name in one read (a round opened 10 000). */
  const batched = (events: readonly NotificationEvent[]): Told => {
    const once = <T>(read: (key: string) => Promise<T>) => {
      const known = new Map<string, Promise<T>>();
      return (key: string): Promise<T> => {
        if (!known.has(key)) known.set(key, read(key));
        return known.get(key)!;
      };
    };
    const unnamed = [...new Set(events.flatMap((event) => (!event.productName && event.productId ? [event.productId] : [])))];
    let briefs: Promise<Map<string, ProductBrief>> | undefined;
    const targets = once((shopKind) => {
      const [shopId, kind] = shopKind.split('|') as [string, NotificationKind];
      return webhooks.subscribed(shopId, kind);
    });
    return {
      shop: once((shopId) => shops.findById(shopId)),
      product: async (productId) => {
        briefs ??= products.briefsOf(unnamed).then((found) => new Map(found.map((brief) => [brief.id, brief])));
        return (await briefs).get(productId);
      },
      targets: (shopId, kind) => targets(`${shopId}|${kind}`),
    };
  };

  return {
    async notify(event) {
      const key = episodeKey(event);
      // The common case in a sweep: the state still holds. One read, then nothing (the insert decides a race).
      if (await notifications.isOpen(key)) return false;
      const made = await compose(event, single);
      if (!made) return false;
      const opened = await notifications.open(key, made.notification, made.deliveries);
      if (opened && made.deliveries.length > 0) onQueued?.();
      return opened;
    },
    clear: (subject) => notifications.close([episodeKey(subject)]),
    async track(events) {
      const keys = events.map(({ event }) => episodeKey(event));
      const opened = await notifications.openAmong(keys);
      const told = batched(events.filter(({ holds }, index) => holds && !opened.has(keys[index]!)).map(({ event }) => event));
      const opening: { key: string; notification: Notification; deliveries: QueuedDelivery[] }[] = [];
      const ended: string[] = [];
      for (const [index, { event, holds }] of events.entries()) {
        const key = keys[index]!;
        if (holds && !opened.has(key)) {
          const made = await compose(event, told);
          if (made) opening.push({ key, ...made });
        } else if (!holds && opened.has(key)) ended.push(key);
      }
      // The episodes that ended, in statements of many keys (a look at 1000 offers may end as many).
      await notifications.close(ended);
      // One transaction for the new episodes (a round of the bench opened 10 000, one transaction each).
      const made = await notifications.openMany(opening);
      if (opening.some(({ key, deliveries }) => made.has(key) && deliveries.length > 0)) onQueued?.();
    },
  };
}
