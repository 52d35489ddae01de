import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REDACTED_PATHS } from '../../src/infrastructure/logger.ts';
import { newShop } from '../../src/domain/shops/shop.ts';
import { type GroupRobotFakes, startGroupRobots } from '../fakes/group-robots.ts';
import { createUser, loginAs } from '../helpers/accounts.ts';
import { testDatabases } from '../helpers/databases.ts';
import { type TestApp, startTestApp } from '../helpers/test-app.ts';

type Item = { id: string; kind: string; title: string; detail: string; read: boolean; product_id?: string };
type Hook = { id: string; url_masked: string; has_secret: boolean; kinds: string[]; waiting: number; last_sent_at: string | null };

for (const database of testDatabases()) {
  describe(`notifications and group robots on ${database.name}`, () => {
    let t: TestApp;
    let robots: GroupRobotFakes;
    let shopId: string;

    beforeAll(async () => {
      robots = await startGroupRobots();
      t = await startTestApp({ database, env: { PUBLIC_BASE_URL: 'https://erp.example.cn', WEBHOOK_IDLE: '100ms' } });
      shopId = t.container.cradle.ids.uuid();
      await t.container.cradle.shops.insert(
        newShop({ id: shopId, name: '义乌小店', client_id: '1', api_key_sealed: 'x', api_key_last4: 'xxxx', currency_code: 'RUB' }, new Date().toISOString()),
      );
    });
    afterAll(async () => {
      await t.close();
      await robots.close();
    });

    const list = async (query = '') => {
      const response = await t.app.inject({ method: 'GET', url: `/api/notifications${query}`, headers: t.auth });
      expect(response.statusCode).toBe(200);
      return response.json<{ total: number; unread: number; items: Item[] }>();
    };
    const addHook = (payload: Record<string, unknown>, headers = t.auth, shop = shopId) =>
      t.app.inject({ method: 'POST', url: `/api/shops/${shop}/webhooks`, headers, payload });
    const until = async (check: () => boolean): Promise<void> => {
      for (let i = 0; i < 200 && !check(); i += 1) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(check()).toBe(true);
    };

    it('makes one notification per episode: repeated while the state holds it stays one, after a clear it comes again', async () => {
      const { notifier } = t.container.cradle;
      const productId = t.container.cradle.ids.uuid();
      const event = { kind: 'no_stock', shopId, productId, productName: '硅胶折叠水杯', offerId: 'CUP-1' } as const;
      expect(await notifier.notify(event)).toBe(true);
      expect(await notifier.notify(event)).toBe(false);
      expect(await notifier.notify({ ...event, reason: '另一句话' })).toBe(false);
      // Another variant of the same product is its own subject.
      expect(await notifier.notify({ ...event, variantId: t.container.cradle.ids.uuid() })).toBe(true);
      let page = await list('?unread=true');
      expect(page.items.filter((item) => item.product_id === productId)).toHaveLength(2);
      await notifier.clear(event);
      await notifier.clear(event);
      expect(await notifier.notify(event)).toBe(true);
      page = await list();
      const mine = page.items.filter((item) => item.product_id === productId);
      expect(mine).toHaveLength(3);
      expect(mine[0]).toMatchObject({ kind: 'no_stock', title: '在售商品无库存：硅胶折叠水杯', read: false });
      expect(mine[0]!.detail).toMatch(/^货号 CUP-1：/);
    });

    it('lists newest first, filters unread, marks read by ids and all', async () => {
      const { notifier } = t.container.cradle;
      await notifier.notify({ kind: 'key_expiring', shopId });
      await notifier.notify({ kind: 'quota_used_up', shopId });
      const before = await list();
      expect(before.items[0]!.kind).toBe('quota_used_up');
      expect(before.items[1]!.kind).toBe('key_expiring');
      expect(before.unread).toBe(before.total);
      const read = await t.app.inject({ method: 'POST', url: '/api/notifications/read', headers: t.auth, payload: { ids: [before.items[0]!.id] } });
      expect(read.json()).toEqual({ updated: 1, unread: before.total - 1 });
      const unread = await list('?unread=true&page_size=200');
      expect(unread.items.map((item) => item.id)).not.toContain(before.items[0]!.id);
      expect(unread.total).toBe(before.total - 1);
      const all = await t.app.inject({ method: 'POST', url: '/api/notifications/read', headers: t.auth, payload: { all: true } });
      expect(all.json()).toEqual({ updated: before.total - 1, unread: 0 });
      expect((await list('?unread=true')).total).toBe(0);
    });

    it('refuses a bad read body in Chinese', async () => {
      for (const payload of [{}, { ids: [] }, { ids: ['nope'] }, { all: false }, { ids: [shopId], all: true }]) {
        const response = await t.app.inject({ method: 'POST', url: '/api/notifications/read', headers: t.auth, payload });
        expect(response.statusCode).toBe(422);
        expect(response.json<{ detail: string }>().detail).toMatch(/[\u4e00-\u9fff]/);
      }
    });

    it('adds robots of each kind with the URL masked and sealed; the test button answers what each robot said', async () => {
      const urls = [
        { kind: 'wecom', url: robots.wecom('wecom-key-4711-abcd') },
        { kind: 'dingtalk', url: robots.dingtalk('ding-token-0815-efgh', 'SECdingsecret1234'), secret: 'SECdingsecret1234' },
        { kind: 'feishu', url: robots.feishu('feishu-hook-2468-ijkl', 'feishusecret'), secret: 'feishusecret' },
      ];
      for (const input of urls) {
        const response = await addHook({ ...input, kinds: ['declined'] });
        expect(response.statusCode).toBe(201);
        const hook = response.json<Hook>();
        expect(response.body).not.toContain(input.url.split(/[=/]/).at(-1)!);
        expect(hook.url_masked).toMatch(/\*\*\*\*[a-z]{4}$/);
        expect(hook.has_secret).toBe(Boolean(input.secret));
        const row = await t.container.cradle.db.selectFrom('webhooks').selectAll().where('id', '=', hook.id).executeTakeFirstOrThrow();
        expect(row.url_sealed).not.toContain('2468');
        if (input.secret) expect(row.secret_sealed).not.toContain(input.secret);
        const tested = await t.app.inject({ method: 'POST', url: `/api/shops/${shopId}/webhooks/${hook.id}/test`, headers: t.auth });
        expect(tested.statusCode).toBe(200);
        expect(tested.json()).toMatchObject({ ok: true, code: 0 });
      }
      expect(robots.messages.map((message) => message.kind)).toEqual(['wecom', 'dingtalk', 'feishu']);
      expect(robots.messages[0]!.text).toContain('【义乌小店】测试消息');
      expect(robots.badSignatures).toBe(0);
      const listed = await t.app.inject({ method: 'GET', url: `/api/shops/${shopId}/webhooks`, headers: t.auth });
      expect(listed.json<{ items: Hook[] }>().items).toHaveLength(3);
      expect(listed.body).not.toMatch(/SECdingsecret|feishusecret|wecom-key-4711/);
    });

    it('a robot refusing the test is a 422 with its own words; a wrong secret is refused by the robot', async () => {
      const hook = (await addHook({ kind: 'dingtalk', url: robots.dingtalk('ding-wrong', 'SECright'), secret: 'SECwrong', kinds: ['declined'] })).json<Hook>();
      const tested = await t.app.inject({ method: 'POST', url: `/api/shops/${shopId}/webhooks/${hook.id}/test`, headers: t.auth });
      expect(tested.statusCode).toBe(422);
      expect(tested.json()).toMatchObject({ code: 'WEBHOOK_ROBOT_REFUSED', detail: '群机器人拒绝了测试消息：sign not match（错误码 310000）' });
      robots.refuse = { code: 45009, message: 'api freq out of limit' };
      try {
        const wecom = (await addHook({ kind: 'wecom', url: robots.wecom('wecom-busy'), kinds: ['declined'] })).json<Hook>();
        const busy = await t.app.inject({ method: 'POST', url: `/api/shops/${shopId}/webhooks/${wecom.id}/test`, headers: t.auth });
        expect(busy.json()).toMatchObject({ code: 'WEBHOOK_ROBOT_REFUSED', detail: '群机器人拒绝了测试消息：api freq out of limit（错误码 45009）' });
      } finally {
        robots.refuse = null;
      }
      const removed = await t.app.inject({ method: 'DELETE', url: `/api/shops/${shopId}/webhooks/${hook.id}`, headers: t.auth });
      expect(removed.statusCode).toBe(204);
      const again = await t.app.inject({ method: 'DELETE', url: `/api/shops/${shopId}/webhooks/${hook.id}`, headers: t.auth });
      expect(again.statusCode).toBe(404);
    });

    it('sends a notification of a chosen kind to the group: short Chinese with the name, the offer and a link', async () => {
      const before = robots.messages.length;
      const productId = t.container.cradle.ids.uuid();
      const made = await t.container.cradle.notifier.notify({
        kind: 'declined',
        shopId,
        productId,
        productName: '不锈钢保温杯',
        offerId: 'MUG-9',
        reason: '图片上有水印，请更换主图。',
      });
      expect(made).toBe(true);
      // Every robot subscribed to `declined` gets it once (the wecom-busy one too, now that it answers).
      await until(() => robots.messages.length >= before + 4);
      const texts = robots.messages.slice(before).map((message) => message.text);
      expect(new Set(texts).size).toBe(1);
      expect(texts[0]).toBe(
        `【义乌小店】商品被平台拒绝：不锈钢保温杯\n货号 MUG-9：图片上有水印，请更换主图。\n查看：https://erp.example.cn/products/${productId}`,
      );
      // Not again while it holds; a kind no robot chose goes to none.
      await t.container.cradle.notifier.notify({ kind: 'declined', shopId, productId, productName: '不锈钢保温杯' });
      await t.container.cradle.notifier.notify({ kind: 'low_margin', shopId, productId });
      await t.container.cradle.webhookSender.runOnce();
      expect(robots.messages.length).toBe(before + 4);
    });

    it('is admin only and refuses bad webhooks in Chinese, storing nothing', async () => {
      await createUser(t.app, t.auth, 'xiaowang');
      const operator = await loginAs(t.app, 'xiaowang');
      expect((await addHook({ kind: 'wecom', url: robots.wecom('op'), kinds: ['declined'] }, operator)).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'GET', url: `/api/shops/${shopId}/webhooks`, headers: operator })).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'GET', url: '/api/notifications', headers: operator })).statusCode).toBe(200);

      const count = async () =>
        Number(
          (
            await t.container.cradle.db
              .selectFrom('webhooks')
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      const stored = await count();
      const bad = [
        { payload: { kind: 'slack', url: robots.wecom('a'), kinds: ['declined'] }, path: '/kind' },
        { payload: { kind: 'wecom', url: robots.wecom('b'), kinds: ['declined', 'sold_out'] }, path: '/kinds/1' },
        { payload: { kind: 'wecom', url: robots.wecom('c'), kinds: [] }, path: '/kinds' },
        { payload: { kind: 'wecom', url: 'ftp://qyapi.weixin.qq.com/x', kinds: ['declined'] }, code: 'WEBHOOK_URL_NOT_HTTPS' },
        { payload: { kind: 'wecom', url: 'not a url', kinds: ['declined'] }, code: 'WEBHOOK_URL_INVALID' },
        { payload: { kind: 'wecom', url: robots.wecom('d'), secret: 'SECx', kinds: ['declined'] }, code: 'WEBHOOK_SECRET_UNUSED' },
      ];
      for (const { payload, path, code } of bad) {
        const response = await addHook(payload);
        expect(response.statusCode, JSON.stringify(payload)).toBe(422);
        const body = response.json<{ detail: string; code: string; errors?: { path: string; message: string }[] }>();
        expect(body.detail).toMatch(/[\u4e00-\u9fff]/);
        if (code) expect(body.code).toBe(code);
        if (path) expect(body.errors?.map((error) => error.path)).toContain(path);
      }
      const missingShop = await addHook({ kind: 'wecom', url: robots.wecom('e'), kinds: ['declined'] }, t.auth, t.container.cradle.ids.uuid());
      expect(missingShop.statusCode).toBe(404);
      expect(await count()).toBe(stored);
    });
  });
}

describe('webhook URLs where private addresses are refused (OUTBOUND_ALLOW_PRIVATE off)', () => {
  let t: TestApp;
  let shopId: string;
  beforeAll(async () => {
    t = await startTestApp({ env: { OUTBOUND_ALLOW_PRIVATE: 'false' } });
    shopId = t.container.cradle.ids.uuid();
    await t.container.cradle.shops.insert(
      newShop({ id: shopId, name: '主店', client_id: '1', api_key_sealed: 'x', api_key_last4: 'xxxx', currency_code: 'RUB' }, new Date().toISOString()),
    );
  });
  afterAll(() => t.close());

  it('refuses http and private or loopback hosts with a Chinese 422, storing nothing', async () => {
    const cases = [
      { url: 'http://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=abc', code: 'WEBHOOK_URL_NOT_HTTPS' },
      { url: 'https://10.0.0.7/cgi-bin/webhook/send?key=abc', code: 'WEBHOOK_URL_REFUSED' },
      { url: 'https://127.0.0.1:8443/robot/send?access_token=abc', code: 'WEBHOOK_URL_REFUSED' },
      { url: 'https://[::1]/robot/send?access_token=abc', code: 'WEBHOOK_URL_REFUSED' },
      { url: 'https://localhost/open-apis/bot/v2/hook/abc', code: 'WEBHOOK_URL_REFUSED' },
    ];
    for (const { url, code } of cases) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/shops/${shopId}/webhooks`,
        headers: t.auth,
        payload: { kind: 'wecom', url, kinds: ['declined'] },
      });
      expect(response.statusCode, url).toBe(422);
      expect(response.json()).toMatchObject({ code, errors: [{ path: '/url' }] });
      expect(response.json<{ detail: string }>().detail).toMatch(/[\u4e00-\u9fff]/);
    }
    const rows = await t.container.cradle.db.selectFrom('webhooks').selectAll().execute();
    expect(rows).toHaveLength(0);
  });
});

describe('robot URLs and secrets never leave in an answer or a log line', () => {
  let t: TestApp;
  let robots: GroupRobotFakes;
  const lines: string[] = [];
  const TOKEN = 'ding-token-never-logged-5b7e';
  const SECRET = 'SECsecret-never-logged-91c3';

  beforeAll(async () => {
    robots = await startGroupRobots();
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
        done();
      },
    });
    // The production logger's redaction, at the most talkative level, with request logging on.
    const logger = pino({ level: 'trace', redact: { paths: REDACTED_PATHS, censor: '[redacted]' } }, sink);
    t = await startTestApp({ env: { LOG_LEVEL: 'debug', WEBHOOK_IDLE: '100ms', WEBHOOK_RETRY_FIRST: '50ms' }, logger });
  });
  afterAll(async () => {
    await t.close();
    await robots.close();
  });

  it('through adding, testing (refused and down), delivering with retries and deleting', async () => {
    const shopId = t.container.cradle.ids.uuid();
    await t.container.cradle.shops.insert(
      newShop({ id: shopId, name: '主店', client_id: '1', api_key_sealed: 'x', api_key_last4: 'xxxx', currency_code: 'RUB' }, new Date().toISOString()),
    );
    const bodies: string[] = [];
    const call = async (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) => {
      const response = await t.app.inject({ method, url, headers: t.auth, ...(payload ? { payload } : {}) });
      bodies.push(response.body);
      return response;
    };
    const hook = (
      await call('POST', `/api/shops/${shopId}/webhooks`, { kind: 'dingtalk', url: robots.dingtalk(TOKEN, 'SECother'), secret: SECRET, kinds: ['declined'] })
    ).json<Hook>();
    await call('POST', `/api/shops/${shopId}/webhooks/${hook.id}/test`);
    robots.down = true;
    await call('POST', `/api/shops/${shopId}/webhooks/${hook.id}/test`);
    await t.container.cradle.notifier.notify({ kind: 'declined', shopId, productId: t.container.cradle.ids.uuid(), productName: '杯子' });
    const failed = () => lines.filter((line) => line.includes('group robot message not delivered')).length;
    for (let i = 0; i < 100 && failed() < 2; i += 1) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(failed()).toBeGreaterThanOrEqual(2);
    await call('GET', `/api/shops/${shopId}/webhooks`);
    await call('DELETE', `/api/shops/${shopId}/webhooks/${hook.id}`);
    expect(lines.some((line) => line.includes('/webhooks'))).toBe(true);
    for (const secret of [TOKEN, SECRET]) {
      expect(lines.filter((line) => line.includes(secret))).toEqual([]);
      expect(bodies.filter((body) => body.includes(secret))).toEqual([]);
    }
    const audit = await t.container.cradle.auditLog.list(1, 10);
    expect(audit.items.filter((entry) => entry.action === 'shop_updated' && entry.target === shopId)).toHaveLength(2);
  });
});
