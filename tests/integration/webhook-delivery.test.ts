import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeManageWebhooks } from '../../src/application/notifications/manage-webhooks.ts';
import { makeNotifier, type Notifier } from '../../src/application/notifications/notifier.ts';
import { makeWebhookSender, type WebhookSender } from '../../src/application/notifications/webhook-sender.ts';
import { makeShopAccess } from '../../src/application/shop-access.ts';
import { makeAesGcmSecretBox } from '../../src/adapters/crypto/aes-gcm-secret-box.ts';
import { makeGuardedHttp } from '../../src/adapters/outbound/guarded-http.ts';
import { makeKyselyNotificationStore } from '../../src/adapters/persistence/kysely-notification-store.ts';
import { makeKyselyShopRepository } from '../../src/adapters/persistence/kysely-shop-repository.ts';
import { makeKyselyWebhookStore } from '../../src/adapters/persistence/kysely-webhook-store.ts';
import { makeGuardedGroupRobot } from '../../src/adapters/robots/guarded-group-robot.ts';
import { newShop } from '../../src/domain/shops/shop.ts';
import { type GroupRobotFakes, startGroupRobots } from '../fakes/group-robots.ts';
import { type TestDatabaseHandle, testDatabases } from '../helpers/databases.ts';
import { makeSequentialIds, makeTestClock } from '../in-memory/clock-and-ids.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const RETRY = { firstMs: 30_000, maxMs: 10 * MINUTE, forMs: 24 * HOUR };

for (const database of testDatabases()) {
  describe(`robot messages on ${database.name}: durable, in order, none twice (an injected clock, no waiting)`, () => {
    const http = makeGuardedHttp({ allowPrivate: true });
    let robots: GroupRobotFakes;
    let handle: TestDatabaseHandle;
    let clock: ReturnType<typeof makeTestClock>;
    let notifier: Notifier;
    let senders: WebhookSender[];
    const shopId = '00000000-0000-4000-8000-00000000a001';

    beforeAll(async () => {
      clock = makeTestClock('2026-11-27T08:00:00.000Z');
      robots = await startGroupRobots({ now: () => clock.now().getTime() });
    });
    afterAll(async () => {
      await robots.close();
      await http.close();
    });
    beforeEach(async () => {
      handle = await database.open();
      const ids = makeSequentialIds();
      const shops = makeKyselyShopRepository(handle.db);
      await shops.insert(
        newShop({ id: shopId, name: '义乌小店', client_id: '1', api_key_sealed: 'x', api_key_last4: 'xxxx', currency_code: 'RUB' }, clock.iso()),
      );
      const secretBox = makeAesGcmSecretBox('a-secret-key-for-the-delivery-test');
      const webhooks = makeKyselyWebhookStore(handle.db);
      const robot = makeGuardedGroupRobot({ guardedHttp: http, clock });
      const manage = makeManageWebhooks({
        webhooks,
        shopAccess: makeShopAccess({ shops, secretBox }),
        secretBox,
        guardedHttp: http,
        robot,
        clock,
        ids,
        allowHttp: true,
      });
      await manage.create(shopId, {
        kind: 'dingtalk',
        url: robots.dingtalk('ding-durable', 'SECdurable'),
        secret: 'SECdurable',
        kinds: ['no_stock', 'declined'],
      });
      await manage.create(shopId, { kind: 'feishu', url: robots.feishu('feishu-durable', 'fsdurable'), secret: 'fsdurable', kinds: ['no_stock'] });
      notifier = makeNotifier({
        notifications: makeKyselyNotificationStore(handle.db),
        webhooks,
        shops,
        products: { findById: async () => undefined, briefsOf: async () => [] },
        clock,
        ids,
        publicBaseUrl: 'https://erp.example.cn',
      });
      // Two senders on one database stand for two instances.
      senders = [0, 1].map(() => makeWebhookSender({ webhooks, robot, targetOf: manage.targetOf, clock, ids, retry: RETRY, leaseMs: 2 * MINUTE }));
      robots.messages.length = 0;
      robots.down = false;
    });
    afterEach(() => handle.dispose());

    const notifyProduct = (n: number) =>
      notifier.notify({ kind: 'no_stock', shopId, productId: `00000000-0000-4000-8000-00000000b00${n}`, productName: `商品${n}`, offerId: `OFFER-${n}` });
    /** Both senders at once, as two instances would run. */
    const passes = () => Promise.all(senders.map((sender) => sender.runOnce()));
    const texts = (kind: string) => robots.messages.filter((message) => message.kind === kind).map((message) => message.text.split('\n')[0]);

    it('a robot down for an hour gets every message once it is back, in order, none twice', async () => {
      robots.down = true;
      for (let n = 1; n <= 4; n += 1) {
        await notifyProduct(n);
        await passes();
        clock.advance(15 * MINUTE);
      }
      expect(robots.messages).toHaveLength(0);
      expect(robots.requests.length).toBeGreaterThan(0);
      robots.down = false;
      // The first message waits out its back-off (at most WEBHOOK_RETRY_MAX), then the whole queue goes.
      for (let i = 0; i < 12 && robots.messages.length < 8; i += 1) {
        clock.advance(MINUTE);
        await passes();
      }
      const order = ['商品1', '商品2', '商品3', '商品4'].map((name) => `【义乌小店】在售商品无库存：${name}`);
      expect(texts('dingtalk')).toEqual(order);
      expect(texts('feishu')).toEqual(order);
      expect(robots.badSignatures).toBe(0);
      clock.advance(HOUR);
      await passes();
      expect(robots.messages).toHaveLength(8);
    });

    it('one robot down does not hold the other back', async () => {
      robots.down = true;
      await notifyProduct(1);
      await passes();
      robots.down = false;
      await notifier.notify({ kind: 'declined', shopId, productId: '00000000-0000-4000-8000-00000000c001', productName: '被拒商品' });
      // The DingTalk robot's first message waits for its retry; the Feishu robot's queue is only that message too.
      await passes();
      expect(robots.messages).toHaveLength(0);
      clock.advance(RETRY.firstMs);
      await passes();
      expect(texts('dingtalk')).toEqual(['【义乌小店】在售商品无库存：商品1', '【义乌小店】商品被平台拒绝：被拒商品']);
      expect(texts('feishu')).toEqual(['【义乌小店】在售商品无库存：商品1']);
    });

    it('gives a message up after a day of failures; the ones behind it go on', async () => {
      robots.down = true;
      await notifyProduct(1);
      for (let elapsed = 0; elapsed <= 25 * HOUR; elapsed += RETRY.maxMs) {
        await passes();
        clock.advance(RETRY.maxMs);
      }
      robots.down = false;
      await notifyProduct(2);
      await passes();
      expect(texts('dingtalk')).toEqual(['【义乌小店】在售商品无库存：商品2']);
      const failed = await handle.db.selectFrom('webhook_deliveries').selectAll().where('status', '=', 'failed').execute();
      expect(failed).toHaveLength(2);
      expect(failed[0]!.last_error).toBe('无法连接远程服务器');
    });

    it('keeps to the robots’ 20 messages a minute', async () => {
      for (let n = 1; n <= 25; n += 1) await notifyProduct(n);
      await passes();
      await passes();
      expect(texts('dingtalk')).toHaveLength(20);
      clock.advance(MINUTE);
      await passes();
      expect(texts('dingtalk')).toHaveLength(25);
      expect(new Set(texts('dingtalk')).size).toBe(25);
    });
  });
}
