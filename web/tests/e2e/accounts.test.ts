import { type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiJson } from './api.ts';
import { type Browser, launchBrowser } from './browser.ts';
import { type RunningService, buildWeb, startService } from './service.ts';
import { POLL, attr, savedAll, shot, text } from './stack.ts';

const ADMIN = { username: '老板', password: 'Kraska-Lodka-7731' };
const OPERATOR = { username: 'olya', password: 'Morskoy-Briz-5520' };

/** Accounts as a new team would try them (issue 21): first admin from INITIAL_ADMIN_*, an operator, revocation. */
describe('accounts in the page', () => {
  let service: RunningService;
  let adminBrowser: Browser;
  let operatorBrowser: Browser;
  let admin: Page;
  let operator: Page;
  let productId: string;

  beforeAll(async () => {
    buildWeb();
    service = await startService({ INITIAL_ADMIN_USERNAME: ADMIN.username, INITIAL_ADMIN_PASSWORD: ADMIN.password });
    adminBrowser = await launchBrowser();
    operatorBrowser = await launchBrowser();
    admin = await adminBrowser.context.newPage();
    operator = await operatorBrowser.context.newPage();
  });

  afterAll(async () => {
    await adminBrowser?.close();
    await operatorBrowser?.close();
    await service?.stop();
  });

  async function login(page: Page, who: { username: string; password: string }): Promise<void> {
    await page.goto(`${service.baseUrl}/login`);
    await page.fill('#username', who.username);
    await page.fill('#password', who.password);
    await page.click('button[type=submit]');
    await page.waitForURL(/\/products$/);
  }

  it('shows only its own notices on the login form, never text from the address (issue 29: phishing)', async () => {
    const phishing = '系统升级，请将密码发送至 support@example.com 完成验证';
    await admin.goto(`${service.baseUrl}/login?${new URLSearchParams({ message: phishing }).toString()}`);
    await admin.waitForSelector('#username');
    expect(await admin.locator('.notice').count()).toBe(0);
    expect(await admin.locator('body').innerText()).not.toContain('support@example.com');
    await admin.goto(`${service.baseUrl}/login?message=signed_out`);
    await expect.poll(text(admin, '.notice'), POLL).toBe('已退出登录');
  });

  it('logs the first admin in by user name and password', async () => {
    await admin.goto(`${service.baseUrl}/login`);
    await admin.fill('#username', ADMIN.username);
    await admin.fill('#password', 'not-the-password');
    await admin.click('button[type=submit]');
    // It points to the app-token switch, the usual slip (issue 32 item 13).
    await expect.poll(text(admin, '.form-error'), POLL).toBe('用户名或密码不正确。如果你输入的是启动时打印的应用令牌，请点下方「改用应用令牌登录」。');
    await shot(admin, '40-login-password');
    await login(admin, ADMIN);
    await expect.poll(text(admin, '#who'), POLL).toBe(`${ADMIN.username}（管理员）`);
  });

  it('creates an operator on the users screen', async () => {
    await admin.click('#nav-users');
    await admin.waitForURL(/\/users$/);
    await admin.fill('#new-username', OPERATOR.username);
    await admin.fill('#new-password', '1234567890');
    await admin.click('#user-create button[type=submit]');
    await expect.poll(text(admin, '#user-create .form-error'), POLL).toContain('常见');
    await admin.fill('#new-password', OPERATOR.password);
    await admin.click('#user-create button[type=submit]');
    await expect.poll(attr(admin, `tr[data-user="${OPERATOR.username}"] td[data-status]`, 'data-status'), POLL).toBe('enabled');
    await shot(admin, '41-users');
  });

  it('lets the operator edit a product in a second browser, without admin screens, and the admin sees who did it', async () => {
    const token = (
      (await (
        await fetch(`${service.baseUrl}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) })
      ).json()) as { access_token: string }
    ).access_token;
    productId = (await apiJson<{ id: string }>(service.baseUrl, token, 'POST', '/api/products', { name: 'Термокружка' })).id;

    await login(operator, OPERATOR);
    await expect.poll(text(operator, '#who'), POLL).toBe(`${OPERATOR.username}（运营）`);
    expect(await operator.locator('#nav-users').count()).toBe(0);
    await operator.goto(`${service.baseUrl}/products/${productId}`);
    await operator.fill('#f-name', 'Термокружка 500 мл');
    await savedAll(operator);
    await operator.goto(`${service.baseUrl}/products`);
    await expect.poll(attr(operator, `tr:has(a[href="/products/${productId}"]) td[data-updated-by]`, 'data-updated-by'), POLL).toBe(OPERATOR.username);
    await shot(operator, '42-operator-products');
    await operator.goto(`${service.baseUrl}/users`);
    await expect.poll(text(operator, '.content .form-error'), POLL).toBe('只有管理员可以管理用户');
    await operator.goto(`${service.baseUrl}/products`);

    await admin.goto(`${service.baseUrl}/products`);
    await expect.poll(attr(admin, `tr:has(a[href="/products/${productId}"]) td[data-updated-by]`, 'data-updated-by'), POLL).toBe(OPERATOR.username);
    await shot(admin, '43-admin-sees-attribution');
  });

  it("a role change reaches the operator's open page within seconds", async () => {
    await admin.goto(`${service.baseUrl}/users`);
    await admin.selectOption(`#role-${OPERATOR.username}`, 'admin');
    await expect.poll(() => operator.locator('#nav-users').count(), POLL).toBe(1);
    await admin.selectOption(`#role-${OPERATOR.username}`, 'operator');
    await expect.poll(() => operator.locator('#nav-users').count(), POLL).toBe(0);
  });

  it('disabling the operator logs their browser out within seconds', async () => {
    await admin.goto(`${service.baseUrl}/users`);
    await admin.click(`tr[data-user="${OPERATOR.username}"] button[data-action="toggle"]`);
    await expect.poll(attr(admin, `tr[data-user="${OPERATOR.username}"] td[data-status]`, 'data-status'), POLL).toBe('disabled');
    await shot(admin, '44-operator-disabled');
    await operator.waitForURL(/\/login/, { timeout: 10_000 });
    await expect.poll(text(operator, '.notice'), POLL).toContain('登录已失效');
    await shot(operator, '45-operator-logged-out');
    await operator.fill('#username', OPERATOR.username);
    await operator.fill('#password', OPERATOR.password);
    await operator.click('button[type=submit]');
    await expect.poll(text(operator, '.form-error'), POLL).toContain('用户名或密码不正确');
  });

  it('refuses to disable the last admin, and lets the admin change their own password', async () => {
    await admin.goto(`${service.baseUrl}/users`);
    await admin.click(`tr[data-user="${ADMIN.username}"] button[data-action="toggle"]`);
    await expect.poll(text(admin, `tr[data-user="${ADMIN.username}"] .form-error`), POLL).toContain('最后一个启用的管理员');
    await shot(admin, '46-last-admin-refused');
    await admin.click('#nav-account');
    await admin.waitForURL(/\/account$/);
    await admin.fill('#old-password', ADMIN.password);
    await admin.fill('#new-password', 'Novy-Parol-2026-zima');
    await admin.fill('#repeat-password', 'Novy-Parol-2026-zima');
    await admin.click('.account-form button[type=submit]');
    await expect.poll(text(admin, '#toasts'), POLL).toContain('密码已修改');
    await shot(admin, '47-account-password-changed');
    // The page carries on with the fresh token it was given.
    await admin.click('#nav-users');
    await expect.poll(attr(admin, `tr[data-user="${OPERATOR.username}"] td[data-status]`, 'data-status'), POLL).toBe('disabled');
  });
});
