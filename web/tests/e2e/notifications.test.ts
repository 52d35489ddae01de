import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GroupRobotFakes, startGroupRobots } from '../../../tests/fakes/group-robots.ts';
import { type FakeOzon, startFakeOzon } from '../../../tests/fakes/ozon.ts';
import { apiJson, apiLogin } from './api.ts';
import { POLL, type Stack, shot, startStack, text } from './stack.ts';

const KEY = '3f1b2c4d-5e6f-4a8b-9c0d-1e2f3a4b5c6d';
const DAY = 86_400_000;

/** The bell and shops' group robots as an admin would try them (issue 33). */
describe('notifications and group robots in Chromium', () => {
  let stack: Stack;
  let ozon: FakeOzon;
  let robots: GroupRobotFakes;
  let token = '';
  let shopId = '';
  const page = () => stack.page;

  beforeAll(async () => {
    [ozon, robots] = await Promise.all([startFakeOzon(), startGroupRobots()]);
    ozon.addKey('123456', KEY);
    stack = await startStack({ OZON_API_URL: ozon.url, WEBHOOK_IDLE: '200ms', PUBLIC_BASE_URL: 'https://erp.example.cn' });
    token = await apiLogin(stack.service.baseUrl);
    shopId = (await apiJson<{ id: string }>(stack.service.baseUrl, token, 'POST', '/api/shops', { name: '义乌家居店', client_id: '123456', api_key: KEY })).id;
    await stack.login();
  });
  afterAll(async () => {
    await stack?.close();
    await Promise.all([ozon?.close(), robots?.close()]);
  });

  it('adds a DingTalk robot with its signing secret on the shops screen; the test button shows what the robot said', async () => {
    await page().click('#nav-shops');
    await page().waitForURL(/\/shops$/);
    await page().waitForSelector('#webhook-shop option', { state: 'attached' });
    await page().selectOption('#webhook-kind', 'dingtalk');
    await page().fill('#webhook-url', robots.dingtalk('ding-e2e-7f3a', 'SECe2esigningsecret'));
    await page().fill('#webhook-secret', 'SECe2esigningsecret');
    await page().click('#webhook-add');
    await page().waitForSelector('#webhook-list tr[data-webhook-id]');
    expect(await text(page(), '#webhook-list')()).toContain('****7f3a');
    expect(await page().locator('body').innerText()).not.toContain('SECe2esigningsecret');
    await page().click('#webhook-list [data-action="webhook-test"]');
    await expect.poll(text(page(), '#webhook-answer'), POLL).toContain('钉钉机器人回答：ok（错误码 0）');
    expect(robots.messages.map((message) => message.text)).toEqual(['【义乌家居店】测试消息：群机器人已连接，商品提醒会发到这个群。']);
    await shot(page(), '60-shop-webhooks');
  });

  it('shows a robot refusing the test in its own words, and refuses an address that is not a web address', async () => {
    await page().selectOption('#webhook-kind', 'feishu');
    await page().fill('#webhook-url', robots.feishu('feishu-e2e-wrong', 'right-secret'));
    await page().fill('#webhook-secret', 'wrong-secret');
    await page().click('#webhook-add');
    await expect.poll(() => page().locator('#webhook-list tr[data-webhook-id]').count(), POLL).toBe(2);
    await page().click('#webhook-list tr:nth-child(2) [data-action="webhook-test"]');
    await expect
      .poll(text(page(), '#webhook-answer'), POLL)
      .toBe('群机器人拒绝了测试消息：sign match fail or timestamp is not within one hour from current time（错误码 19021）');
    await shot(page(), '61-webhook-test-refused');
    page().once('dialog', (dialog) => void dialog.accept());
    await page().click('#webhook-list tr:nth-child(2) [data-action="webhook-delete"]');
    await expect.poll(() => page().locator('#webhook-list tr[data-webhook-id]').count(), POLL).toBe(1);
  });

  it('rings the bell on every screen when a key is about to expire, sends it to the group once, and marks it read', async () => {
    ozon.keyExpiresAt = new Date(Date.now() + 6 * DAY).toISOString();
    await apiJson(stack.service.baseUrl, token, 'POST', `/api/shops/${shopId}/test`);
    await apiJson(stack.service.baseUrl, token, 'POST', `/api/shops/${shopId}/test`);
    await page().click('#nav-products');
    await page().waitForURL(/\/products/);
    await expect.poll(text(page(), '#nav-bell .bell-count'), POLL).toBe('1');
    expect(await text(page(), '#nav-bell')()).toBe('提醒1 条未读');
    await expect.poll(() => robots.messages.length, POLL).toBe(2);
    expect(robots.messages[1]!.text).toMatch(/^【义乌家居店】店铺 API Key 即将过期：义乌家居店\n店铺 API Key 将在 6 天后/);

    await page().click('#nav-bell');
    await page().waitForURL(/\/notifications$/);
    await page().waitForSelector('#notification-list li[data-kind="key_expiring"]');
    expect(await text(page(), '#notification-list')()).toContain('API Key 即将过期');
    await shot(page(), '62-notifications');
    await page().click('#notification-list [data-action="read"]');
    await expect.poll(() => page().locator('#nav-bell .bell-count').isHidden(), POLL).toBe(true);
    expect(await text(page(), '#nav-bell')()).toBe('提醒0（没有未读）');
    await page().click('.tabs a:nth-child(2)');
    await page().waitForURL(/unread=1/);
    await expect.poll(text(page(), '#notification-list'), POLL).toContain('没有未读提醒');
  });
});
