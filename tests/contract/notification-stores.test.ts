import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeKyselyNotificationStore } from '../../src/adapters/persistence/kysely-notification-store.ts';
import { makeKyselyWebhookStore } from '../../src/adapters/persistence/kysely-webhook-store.ts';
import { type NotificationStore } from '../../src/application/ports/notification-store.ts';
import { type WebhookStore } from '../../src/application/ports/webhook-store.ts';
import { type Notification } from '../../src/domain/notifications/notification.ts';
import { type Webhook } from '../../src/domain/notifications/webhook.ts';
import { type TestDatabaseHandle, testDatabases } from '../helpers/databases.ts';

const at = (minute: number): string => new Date(Date.UTC(2026, 10, 27, 8, minute)).toISOString();
const uuid = (n: number): string => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const note = (n: number, fields: Partial<Notification> = {}): Notification => ({
  id: uuid(n),
  at: at(n),
  kind: 'no_stock',
  shop_id: 's1',
  product_id: `p${n}`,
  variant_id: null,
  title: `t${n}`,
  detail: `d${n}`,
  read: false,
  ...fields,
});
const hook = (id: string, shop = 's1'): Webhook => ({
  id,
  shop_id: shop,
  kind: 'wecom',
  url_sealed: 'sealed',
  url_masked: 'https://x/****abcd',
  secret_sealed: null,
  kinds: ['no_stock', 'declined'],
  created_at: at(0),
});

for (const database of testDatabases()) {
  describe(`NotificationStore and WebhookStore on ${database.name}`, () => {
    let handle: TestDatabaseHandle;
    let notes: NotificationStore;
    let hooks: WebhookStore;
    beforeEach(async () => {
      handle = await database.open();
      notes = makeKyselyNotificationStore(handle.db);
      hooks = makeKyselyWebhookStore(handle.db);
    });
    afterEach(() => handle.dispose());

    it('opens one notification per episode, even when callers race; a closed episode opens again', async () => {
      const results = await Promise.all([1, 2, 3, 4, 5].map((n) => notes.open('k', note(n), [])));
      expect(results.filter(Boolean)).toHaveLength(1);
      expect(await notes.isOpen('k')).toBe(true);
      await notes.close(['k']);
      expect(await notes.isOpen('k')).toBe(false);
      await notes.close(['k']);
      expect(await notes.open('k', note(6), [])).toBe(true);
      expect(await notes.open('k', note(7), [])).toBe(false);
      expect((await notes.list({ page: 1, pageSize: 10, unread: false })).total).toBe(2);
    });

    it('ends many episodes in one call past the read size, and no others', async () => {
      for (const n of [1, 2, 3]) await notes.open(`open-${n}`, note(n), []);
      await notes.close([...Array.from({ length: 1200 }, (_, n) => `none-${n}`), 'open-1', 'open-3']);
      expect([...(await notes.openAmong(['open-1', 'open-2', 'open-3']))]).toEqual(['open-2']);
      await notes.close([]);
      expect(await notes.open('open-1', note(4), [])).toBe(true);
    });

    it('tells which of many keys have an open episode, in one call past the read size', async () => {
      for (const n of [1, 2, 3]) await notes.open(`open-${n}`, note(n), []);
      await notes.close(['open-2']);
      const keys = [...Array.from({ length: 1200 }, (_, n) => `none-${n}`), 'open-1', 'open-2', 'open-3'];
      expect([...(await notes.openAmong(keys))].sort()).toEqual(['open-1', 'open-3']);
      expect(await notes.openAmong([])).toEqual(new Set());
    });

    it('opens many episodes at once, past the write size: only those not open, with their messages', async () => {
      await hooks.insert(hook('w1'));
      await notes.open('open-0', note(1), [{ webhookId: 'w1', text: 'first' }]);
      const entries = Array.from({ length: 150 }, (_, n) => ({
        key: `open-${n}`,
        notification: note(n + 10),
        deliveries: [{ webhookId: 'w1', text: `m${n}` }],
      }));
      const opened = await notes.openMany(entries);
      expect(opened.size).toBe(149);
      expect(opened.has('open-0')).toBe(false);
      expect((await notes.openAmong(entries.map((entry) => entry.key))).size).toBe(150);
      const queued = await hooks.waiting('w1', 500);
      expect(queued.map((delivery) => delivery.text)).toEqual(['first', ...Array.from({ length: 149 }, (_, n) => `m${n + 1}`)]);
      expect((await notes.list({ page: 1, pageSize: 10, unread: false })).total).toBe(150);
      expect(await notes.openMany([])).toEqual(new Set());
    });

    it('lists newest first with paging and the unread filter, and marks read', async () => {
      for (let n = 1; n <= 5; n += 1) await notes.open(`k${n}`, note(n), []);
      const page = await notes.list({ page: 2, pageSize: 2, unread: false });
      expect(page.items.map((item) => item.id)).toEqual([uuid(3), uuid(2)]);
      expect(page).toMatchObject({ total: 5, unreadTotal: 5 });
      expect(await notes.markRead([uuid(5), uuid(4), uuid(5)])).toBe(2);
      expect(await notes.markRead([uuid(5)])).toBe(0);
      const unread = await notes.list({ page: 1, pageSize: 10, unread: true });
      expect(unread.items.map((item) => item.id)).toEqual([uuid(3), uuid(2), uuid(1)]);
      expect(unread.unreadTotal).toBe(3);
      expect(await notes.markRead('all')).toBe(3);
      expect((await notes.list({ page: 1, pageSize: 10, unread: false })).items.every((item) => item.read)).toBe(true);
    });

    it('queues messages with the notification; a webhook is claimed by one holder, its first message decides when', async () => {
      await hooks.insert(hook('w1'));
      await hooks.insert(hook('w2'));
      expect((await hooks.subscribed('s1', 'declined')).map((webhook) => webhook.id)).toEqual(['w1', 'w2']);
      expect(await hooks.subscribed('s1', 'low_margin')).toEqual([]);
      await notes.open('a', note(1), [{ webhookId: 'w1', text: 'one' }]);
      await notes.open('b', note(2), [{ webhookId: 'w1', text: 'two' }]);
      // Already open: nothing queued either.
      await notes.open('a', note(3), [{ webhookId: 'w1', text: 'again' }]);
      expect(await hooks.nextDue()).toBe(at(1));

      const [first, second] = await Promise.all([hooks.claimDue(at(5), at(7), 'h1', 8), hooks.claimDue(at(5), at(7), 'h2', 8)]);
      expect([...first!, ...second!].map((webhook) => webhook.id)).toEqual(['w1']);
      const holder = first!.length > 0 ? 'h1' : 'h2';
      const other = holder === 'h1' ? 'h2' : 'h1';
      const queue = await hooks.waiting('w1', 10);
      expect(queue.map((delivery) => delivery.text)).toEqual(['one', 'two']);
      expect(await hooks.settle(queue[0]!, other, { status: 'sent', at: at(5) })).toBe(false);
      expect(await hooks.settle(queue[0]!, holder, { status: 'waiting', nextAt: at(20), error: '无法连接' })).toBe(true);
      await hooks.release('w1', holder);
      // The first message waits until 20; the second waits behind it.
      expect(await hooks.nextDue()).toBe(at(20));
      expect(await hooks.claimDue(at(10), at(12), 'h3', 8)).toEqual([]);
      const later = await hooks.claimDue(at(20), at(22), 'h3', 8);
      expect(later.map((webhook) => webhook.id)).toEqual(['w1']);
      const [retry] = await hooks.waiting('w1', 1);
      expect(retry).toMatchObject({ text: 'one', attempts: 1 });
      expect(await hooks.settle(retry!, 'h3', { status: 'sent', at: at(20) })).toBe(true);
      expect(await hooks.sentSince('w1', at(19))).toBe(1);
      expect(await hooks.sentSince('w1', at(20))).toBe(0);
      expect(await hooks.state('w1')).toEqual({ waiting: 1, last_sent_at: at(20), last_error: null });
    });

    it('prunes only old read notifications whose episode ended, and old sent or given-up messages', async () => {
      await hooks.insert(hook('w1'));
      await notes.open('open-read', note(1), [{ webhookId: 'w1', text: 'one' }]);
      await notes.open('closed-read', note(2), [{ webhookId: 'w1', text: 'two' }]);
      await notes.open('closed-unread', note(3), []);
      await notes.open('closed-new', note(40), []);
      await notes.close(['closed-read', 'closed-unread', 'closed-new']);
      await notes.markRead([uuid(1), uuid(2), uuid(40)]);
      expect(await notes.prune(at(30))).toBe(1);
      expect((await notes.list({ page: 1, pageSize: 10, unread: false })).items.map((item) => item.id)).toEqual([uuid(40), uuid(3), uuid(1)]);
      const [holder] = await hooks.claimDue(at(5), at(7), 'h1', 1);
      const [first] = await hooks.waiting(holder!.id, 1);
      await hooks.settle(first!, 'h1', { status: 'sent', at: at(5) });
      expect(await hooks.prune(at(30))).toBe(1);
      expect((await hooks.waiting('w1', 10)).map((delivery) => delivery.text)).toEqual(['two']);
    });

    it('lets another holder take a webhook whose lease lapsed, and forgets a shop’s webhooks with it', async () => {
      await hooks.insert(hook('w1'));
      await hooks.insert(hook('w9', 's2'));
      await notes.open('a', note(1), [
        { webhookId: 'w1', text: 'one' },
        { webhookId: 'w9', text: 'nine' },
      ]);
      expect((await hooks.claimDue(at(2), at(4), 'h1', 8)).map((webhook) => webhook.id).sort()).toEqual(['w1', 'w9']);
      expect(await hooks.claimDue(at(3), at(5), 'h2', 8)).toEqual([]);
      expect((await hooks.claimDue(at(4), at(6), 'h2', 8)).map((webhook) => webhook.id).sort()).toEqual(['w1', 'w9']);
      await hooks.deleteByShop('s1');
      expect(await hooks.listByShop('s1')).toEqual([]);
      expect(await hooks.waiting('w1', 10)).toEqual([]);
      expect(await hooks.waiting('w9', 10)).toHaveLength(1);
      expect(await hooks.delete('s2', 'w9')).toBe(true);
      expect(await hooks.delete('s2', 'w9')).toBe(false);
      expect(await hooks.nextDue()).toBeNull();
    });
  });
}
