import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiJson } from './api.ts';
import { type Browser, launchBrowser } from './browser.ts';
import { REPO_ROOT, freePort } from './service.ts';
import { POLL, attr, savedAll, shot, text } from './stack.ts';

/** What `npm run demo` prints for the newcomer: where to go and how to log in. */
type Printed = { readonly address: string; readonly username: string; readonly password: string };

/** Starts the demo launcher as `npm run demo` does and reads the address, user name and password it prints. */
async function startDemo(dir: string, port: number): Promise<{ child: ChildProcess; printed: Printed; output: () => string }> {
  // Moderation in 3 s: the newcomer's demo waits 8 s, CI's budget is tighter.
  const child = spawn(process.execPath, ['--import', 'tsx', 'tools/demo/main.ts', '--dir', dir, '--port', String(port), '--moderation-ms', '3000'], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? dir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const deadline = Date.now() + 120_000;
  for (;;) {
    const ready = /演示已就绪[\s\S]*?address:\s+(\S+)[\s\S]*?user:\s+(\S+)[\s\S]*?password:\s+(\S+)/.exec(log);
    if (ready) return { child, printed: { address: ready[1]!, username: ready[2]!, password: ready[3]! }, output: () => log };
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`the demo did not start:\n${log}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * `npm run demo` as a newcomer meets it (issue 36): the printed address and account, the demo banner, a dozen collected
 * samples, and the main flow by hand on one of them — price, copy (no key: the page says how to plug one in), category,
 * publish — until the stand-in marketplace has it on sale; the watermarked sample's card declined and explained.
 */
describe('npm run demo in Chromium', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'lws-demo-'));
  let demo: Awaited<ReturnType<typeof startDemo>>;
  let browser: Browser;
  let page: Page;
  let token: string;
  /** The watermarked sample, published through the API while the page publishes another. */
  let declinedPublish: Promise<void>;
  const products = new Map<string, string>();
  const base = () => demo.printed.address;

  beforeAll(async () => {
    [demo, browser] = await Promise.all([freePort().then((port) => startDemo(dir, port)), launchBrowser()]);
    page = await browser.context.newPage();
    const login = await fetch(`${base()}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: demo.printed.username, password: demo.printed.password }),
    });
    token = ((await login.json()) as { access_token: string }).access_token;
    const list = await apiJson<{ items: { id: string; name: string }[] }>(base(), token, 'GET', '/api/products?page_size=50');
    for (const item of list.items) products.set(item.name, item.id);
  });

  afterAll(async () => {
    try {
      await browser?.close();
    } finally {
      if (demo?.child.exitCode === null) {
        const exited = new Promise((resolve) => demo.child.once('exit', resolve));
        demo.child.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('logs in with the printed account under the demo banner and finds the collected samples', async () => {
    await page.goto(base());
    await page.waitForURL(/\/login$/);
    await expect.poll(text(page, '#site-notice'), POLL).toContain('演示模式');
    await page.fill('#username', demo.printed.username);
    await page.fill('#password', demo.printed.password);
    await page.click('button[type=submit]');
    await page.waitForURL(/\/products$/);
    await expect.poll(() => page.locator('#product-table tbody tr[data-product-id]').count(), POLL).toBe(12);
    expect(await text(page, '#site-notice')()).toContain('本机模拟的 Ozon 平台');
    expect([...products.keys()]).toContain('Складной куб для хранения вещей, 30×30×30 см');
    await shot(page, '80-demo-products');
  });

  it('prices, copies, picks the category and publishes a sample until the stand-in has it on sale', async () => {
    // The watermarked sample goes out through the API meanwhile: its moderation runs beside this flow.
    const declined = products.get('首饰收纳盒 双层 耳环项链戒指整理盒')!;
    declinedPublish = publishThroughApi(declined, 'JEWEL-DEMO');

    const id = products.get('透明鞋盒 加厚翻盖 可叠加鞋子收纳')!;
    await page.click(`tr[data-product-id="${id}"] td.name a`);
    await page.waitForURL(new RegExp(`/products/${id}$`));
    await page.fill('#f-pricing-cost_cny', '6.8');
    await page.fill('#f-weight_g', '400');
    await expect.poll(attr(page, '#live-price', 'data-value'), POLL).toMatch(/^\d+$/);
    await page.fill('#f-offer_id', 'SHOEBOX-DEMO');
    await page.fill('#f-depth', '330');
    await page.fill('#f-width', '230');
    await page.fill('#f-height', '140');
    await savedAll(page);

    await page.click('[data-tab="copy"]');
    // No text model key in the demo: the copy step says which key to set, and that the copy may be written by hand.
    await expect.poll(text(page, '#copy-no-model'), POLL).toContain('DEEPSEEK_API_KEY');
    expect(await page.isDisabled('#copy-generate')).toBe(true);
    await page.fill('#f-copy-title_ru', 'Коробка для обуви прозрачная с откидной крышкой');
    await page.fill('#f-copy-description_ru', 'Прозрачная коробка для хранения обуви, магнитная крышка, ставится одна на другую.');
    await savedAll(page);
    await page.click('#copy-apply');
    await expect.poll(text(page, '.product-title'), POLL).toBe('Коробка для обуви прозрачная с откидной крышкой');

    await page.click('[data-tab="publish"]');
    await page.fill('#category-search', '收纳');
    await page.click('#category-results .category-option[data-type-id="970895715"]');
    await page.waitForSelector('#attr-85');
    await page.fill('#attr-85', 'Нет');
    await page.click('.value-options li[data-value-id="126745801"]');
    for (const [index, russian, search, valueId] of [
      [0, 'белый', 'бел', 61571],
      [1, 'черный', 'чер', 61572],
    ] as const) {
      await page.fill(`[data-path="variants/${index}/label_ru"] input`, russian);
      await page.fill(`[data-path="variants/${index}/aspects/10096"] input`, search);
      await page.click(`[data-path="variants/${index}/aspects/10096"] .value-options li[data-value-id="${valueId}"]`);
    }
    await savedAll(page);
    // Marked ready once everything is filled (an edit of a ready product takes it back to editing).
    await page.click('#stage-ready');
    await expect.poll(text(page, '.editor-title .stage'), POLL).toBe('待上架');
    await page.click('#publish-check');
    await expect.poll(attr(page, '#preflight-result .preflight-ok', 'data-ok'), POLL).toBe('true');
    await page.click('#publish-one');
    await expect.poll(attr(page, '#publish-task [data-publish-status]', 'data-publish-status'), POLL).toBe('imported');

    // Moderation, the stock sent to the shop's default warehouse, the sweep's next look: then on sale.
    await expect.poll(() => marketState(id), { timeout: 30_000, interval: 500 }).toBe('on_sale');
    await page.reload();
    await expect.poll(text(page, '#market-card'), POLL).toContain('在售');
    await page.locator('#market-card').scrollIntoViewIfNeeded();
    await shot(page, '81-demo-on-sale');
  });

  it('explains the card the stand-in declined for its watermarked picture', async () => {
    const id = products.get('首饰收纳盒 双层 耳环项链戒指整理盒')!;
    await declinedPublish;
    await expect.poll(() => marketState(id), { timeout: 20_000, interval: 500 }).toBe('declined');
    await page.goto(`${base()}/products/${id}?tab=publish`);
    await page.waitForSelector('#market-card .market-errors li');
    expect(await text(page, '#market-card .market-errors li')()).toContain('водяных знаков');
    expect(await text(page, '#market-card .market-errors li')()).toContain('商品无法销售');
    await page.locator('#market-card').scrollIntoViewIfNeeded();
    await shot(page, '82-demo-declined');
  });

  const marketState = async (id: string): Promise<string | null> =>
    (await apiJson<{ market_state: string | null }>(base(), token, 'GET', `/api/products/${id}/market`)).market_state;

  /** What the seller does on the page, through the API: the fields, category, attributes and colours, then publish. */
  async function publishThroughApi(id: string, offerId: string): Promise<void> {
    const product = await apiJson<{ variants: { id: string }[] }>(base(), token, 'GET', `/api/products/${id}`);
    const colours = [
      ['черный', 61572],
      ['розовый', 61577],
    ] as const;
    await apiJson(base(), token, 'PATCH', `/api/products/${id}`, {
      name: 'Шкатулка для украшений двухъярусная',
      description: 'Шкатулка для колец, серёг и цепочек, бархатная подкладка.',
      offer_id: offerId,
      weight: 300,
      depth: 170,
      width: 120,
      height: 60,
      pricing: { cost_cny: 15, weight_g: 300 },
      description_category_id: 17028922,
      type_id: 970895715,
      attributes: { '85': [{ dictionary_value_id: 126745801, value: 'Нет бренда' }], '9048': [{ value: offerId }] },
      variants: product.variants.map((variant, index) => ({
        id: variant.id,
        label_ru: colours[index]![0],
        aspects: { '10096': [{ dictionary_value_id: colours[index]![1], value: colours[index]![0] }] },
      })),
    });
    await apiJson(base(), token, 'POST', `/api/products/${id}/stage`, { stage: 'ready' });
    const shops = await apiJson<{ items: { id: string }[] }>(base(), token, 'GET', '/api/shops');
    await apiJson(base(), token, 'POST', `/api/products/${id}/publish`, { shop_id: shops.items[0]!.id });
  }
});
