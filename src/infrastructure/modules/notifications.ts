import { asFunction } from 'awilix';
import { makeManageWebhooks } from '../../application/notifications/manage-webhooks.ts';
import { makeNotificationInbox } from '../../application/notifications/notification-inbox.ts';
import { makeNotifier } from '../../application/notifications/notifier.ts';
import { makeHourlyChores } from '../../application/notifications/hourly-chores.ts';
import { makeShopWatch } from '../../application/notifications/watch-shops.ts';
import { makeWebhookSender } from '../../application/notifications/webhook-sender.ts';
import { makeWebhookSenderTimer } from '../../application/notifications/webhook-sender-timer.ts';
import { notificationRoutes } from '../../adapters/http/routes/notifications.ts';
import { makeKyselyNotificationStore } from '../../adapters/persistence/kysely-notification-store.ts';
import { makeKyselyWebhookStore } from '../../adapters/persistence/kysely-webhook-store.ts';
import { makeGuardedGroupRobot } from '../../adapters/robots/guarded-group-robot.ts';
import { type FeatureModule } from '../feature-module.ts';
import { WORKER_STOP_WAIT_MS } from '../workers.ts';
import { type CoreRegistry } from '../registries/core.ts';
import { type IntakeRegistry } from '../registries/intake.ts';
import { type MarketplaceRegistry } from '../registries/marketplace.ts';
import { type NotificationsRegistry } from '../registries/notifications.ts';

type Needs = CoreRegistry & IntakeRegistry & MarketplaceRegistry;

/** How often every shop's key expiry is looked at and old notifications and messages removed. */
const CHORES_EVERY_MS = 3_600_000;
type Deps = NotificationsRegistry & Needs;

/**
 * Notifications and shops' group robots (docs/decisions.md, Notifications): the notifier other features call, the
 * page's inbox, webhooks and the background sender of robot messages. Listed before the marketplace feature, which
 * calls the notifier; it resolves the shops it needs lazily, at first use.
 */
export const notificationsModule: FeatureModule<NotificationsRegistry, Needs> = {
  name: 'notifications',
  provide: () => ({
    notificationStore: asFunction(({ db }: Deps) => makeKyselyNotificationStore(db)).singleton(),
    webhookStore: asFunction(({ db }: Deps) => makeKyselyWebhookStore(db)).singleton(),
    groupRobot: asFunction(({ guardedHttp, clock }: Deps) => makeGuardedGroupRobot({ guardedHttp, clock })).singleton(),
    notifier: asFunction(({ notificationStore, webhookStore, shops, products, clock, ids, config, webhookSenderTimer }: Deps) =>
      makeNotifier({
        notifications: notificationStore,
        webhooks: webhookStore,
        shops,
        products,
        clock,
        ids,
        publicBaseUrl: config.publicBaseUrl,
        onQueued: () => webhookSenderTimer.nudge(),
      }),
    ).singleton(),
    shopWatch: asFunction(({ shops, notifier, clock }: Deps) => makeShopWatch({ shops, notifier, clock })).singleton(),
    notificationChores: asFunction(({ shopWatch, notificationStore, webhookStore, clock, logger }: Deps) =>
      makeHourlyChores({
        shopWatch,
        notifications: notificationStore,
        webhooks: webhookStore,
        clock,
        onError: (error) => logger.warn({ message: String(error) }, 'notifications chore failed'),
      }),
    ).singleton(),
    listNotifications: asFunction(({ notificationStore }: Deps) => makeNotificationInbox(notificationStore).list).singleton(),
    markNotificationsRead: asFunction(({ notificationStore }: Deps) => makeNotificationInbox(notificationStore).markRead).singleton(),
    manageWebhooks: asFunction(({ webhookStore, shopAccess, secretBox, guardedHttp, groupRobot, clock, ids, config }: Deps) =>
      makeManageWebhooks({
        webhooks: webhookStore,
        shopAccess,
        secretBox,
        guardedHttp,
        robot: groupRobot,
        clock,
        ids,
        allowHttp: config.outboundAllowPrivate,
      }),
    ).singleton(),
    webhookSender: asFunction(({ webhookStore, groupRobot, manageWebhooks, clock, ids, config, logger }: Deps) =>
      makeWebhookSender({
        webhooks: webhookStore,
        robot: groupRobot,
        targetOf: manageWebhooks.targetOf,
        clock,
        ids,
        retry: { firstMs: config.webhooks.retryFirstMs, maxMs: config.webhooks.retryMaxMs, forMs: config.webhooks.retryForMs },
        leaseMs: config.webhooks.leaseMs,
        // The robot's words or the connection failure; never the URL (its key is a secret).
        onError: (event) => logger.warn(event, 'group robot message not delivered; will retry'),
      }),
    ).singleton(),
    webhookSenderTimer: asFunction(({ webhookSender, webhookStore, config, logger }: Deps) =>
      makeWebhookSenderTimer({
        sender: webhookSender,
        webhooks: webhookStore,
        idleMs: config.webhooks.idleMs,
        stopWaitMs: WORKER_STOP_WAIT_MS,
        onError: (error) => logger.error({ message: error instanceof Error ? error.message : String(error) }, 'group robot sender pass failed'),
      }),
    ).singleton(),
  }),
  protectedRoutes: (c) => [
    notificationRoutes({ listNotifications: c.listNotifications, markNotificationsRead: c.markNotificationsRead, manageWebhooks: c.manageWebhooks }),
  ],
  workers: (c) => ({ robots: c.webhookSenderTimer }),
  start: (c) => c.notificationChores.start(CHORES_EVERY_MS),
  stop: async (c) => c.notificationChores.stop(),
};
