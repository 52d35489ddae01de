import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { startFakeOzon } from '../fakes/ozon.ts';
import { testDatabases } from '../helpers/databases.ts';
import { importRequests } from '../helpers/fake-ozon-traffic.ts';
import { GOOD_KEY, bindActiveShop, insertPublishable } from '../helpers/marketplace-app.ts';
import { PUBLIC_BASE } from '../helpers/publishable-product.ts';
import { until } from '../helpers/service-api.ts';
import { startTestApp } from '../helpers/test-app.ts';

type HistoryItem = { status: string; settling: boolean; task_id: string | null; marketplace_product_id: string | null };
// A request's records are its own for a second; a card not on the marketplace would be sent again only after a minute.
const SETTINGS = { PUBLISH_SEND_LEASE: '1s', PUBLISH_SEND_SETTLE: '1m', PUBLISH_POLL_LEASE: '2s', PUBLISH_POLL_IDLE: '1s', PUBLIC_BASE_URL: PUBLIC_BASE };

/**
 * Issue 20: the marketplace holds a publish request past PUBLISH_SEND_LEASE, the background sender takes its records
 * over and settles them from the card the request made; the request's own outcome, when it finally comes, is not
 * written over that.
 */
for (const database of testDatabases()) {
  describe(`a publish request held past its send lease on ${database.name}`, () => {
    const cleanups: (() => Promise<unknown> | unknown)[] = [];
    afterAll(async () => {
      for (const cleanup of cleanups.reverse()) await cleanup();
    });

    it('the background sender settles the card; the request cut later leaves that result, logs the take-over, and nothing is sent again', async () => {
      const ozon = await startFakeOzon();
      ozon.addKey('123456', GOOD_KEY);
      cleanups.push(() => ozon.close());
      const logs: { level: number; msg: string; stage?: string; recordIds?: string[] }[] = [];
      const logger = pino(
        { level: 'warn' },
        new Writable({
          write(chunk: Buffer, _encoding, done) {
            logs.push(JSON.parse(chunk.toString()));
            done();
          },
        }),
      );
      const t = await startTestApp({ env: { OZON_API_URL: ozon.url, ...SETTINGS }, database, logger });
      cleanups.push(() => t.close());
      const shopId = await bindActiveShop(t);
      const product = await insertPublishable(t);
      const history = async (): Promise<HistoryItem[]> =>
        (await t.app.inject({ method: 'GET', url: `/api/products/${product.id}/publish-history`, headers: t.auth })).json<{ items: HistoryItem[] }>().items;

      // The marketplace makes the card at once and holds the answer.
      ozon.plan = { pendingPolls: 0, outcome: 'imported' };
      ozon.importHold = () => 'hold';
      const request = t.app.inject({ method: 'POST', url: `/api/products/${product.id}/publish`, headers: t.auth, payload: { shop_id: shopId } });
      await until('the background sender settled the card the held request made', async () => (await history())[0]?.status === 'imported', 30_000);
      const [settled] = await history();
      expect(settled).toMatchObject({ status: 'imported', settling: false, task_id: null });
      expect(settled!.marketplace_product_id).toMatch(/^\d+$/);

      // The request's connection is cut at last: it may not have arrived, as far as the request knows.
      ozon.importHold = undefined;
      expect(ozon.releaseHeld('cut')).toBe(1);
      const reply = await request;
      expect(reply.statusCode).toBe(202);
      expect(reply.json()).toMatchObject({ status: 'imported', marketplace_product_id: settled!.marketplace_product_id });
      expect(await history()).toEqual([settled]);
      const stored = (await t.container.cradle.products.findById(product.id))!;
      expect([stored.stage, stored.marketplace_product_id]).toEqual(['published', settled!.marketplace_product_id]);
      expect(logs.filter((line) => line.level === 40 && /taken over/.test(line.msg)).map(({ stage, recordIds }) => [stage, recordIds?.length])).toEqual([
        ['answer', 1],
      ]);
      expect(importRequests(ozon)).toHaveLength(1);
    }, 60_000);
  });
}
