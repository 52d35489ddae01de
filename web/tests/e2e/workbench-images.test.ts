import { type Server, createServer } from 'node:http';
import { type AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OneKeyVendor, startOneKeyVendor } from '../../../tests/fakes/one-key-vendor.ts';
import { apiJson, apiLogin, waitForDownloads } from './api.ts';
import { POLL, type Stack, shot, startStack, text, value } from './stack.ts';
import { translatedDetail } from './workbench-api.ts';

/** A CDN that holds its one photo until the test lets it go: the download stays visible meanwhile. */
async function slowCdn(): Promise<{ url: string; release(): void; close(): Promise<void> }> {
  const photo = await sharp({ create: { width: 500, height: 500, channels: 3, background: { r: 240, g: 180, b: 40 } } })
    .jpeg()
    .toBuffer();
  const waiting: (() => void)[] = [];
  let released = false;
  const server: Server = createServer((_request, response) => {
    const send = (): void => {
      response.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': photo.length });
      response.end(photo);
    };
    if (released) send();
    else waiting.push(send);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    release() {
      released = true;
      for (const send of waiting.splice(0)) send();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('the images tab in Chromium: grid, drag and keyboard order, main badge, downloads, AI edit dialog, image text translation and copy with only a DashScope key', () => {
  let stack: Stack;
  let cdn: Awaited<ReturnType<typeof slowCdn>>;
  let dashscope: OneKeyVendor;
  let token = '';
  let productId = '';
  const page = () => stack.page;
  const order = () =>
    page()
      .locator('#chosen-images .chosen-tile')
      .evaluateAll((tiles) => tiles.map((tile) => tile.getAttribute('data-url')));

  beforeAll(async () => {
    await setUp().catch((error: unknown) => {
      console.error('SETUP FAILED', error instanceof Error ? error.message : String(error));
      throw new Error('set-up failed');
    });
  });

  async function setUp(): Promise<void> {
    // This seller's only AI key is DashScope's (issue 17): 通义千问 writes copy, Qwen-Image-Edit rewrites text in pictures.
    dashscope = await startOneKeyVendor('dashscope');
    stack = await startStack(dashscope.env);
    cdn = await slowCdn();
    token = await apiLogin(stack.service.baseUrl);
    const image = (url: string, index: number, key: string) => ({
      groupKey: 'main',
      groupName: '主图',
      variantName: null,
      url,
      index,
      type: 'img',
      dedupeKey: key,
    });
    const body = {
      product: { id: null },
      source: { platform: '1688', itemId: 'img-1', url: 'https://detail.1688.com/offer/img-1.html', collectedAt: Date.now() },
      texts: [{ kind: 'title', content: '收纳盒' }],
      images: [
        image(`${stack.fixtures.url}/img/main-1.jpg`, 0, 'a'),
        image(`${stack.fixtures.url}/img/detail-1.jpg`, 1, 'b'),
        image(`${cdn.url}/slow.jpg`, 2, 'c'),
      ],
      refererOrigin: 'https://detail.1688.com',
    };
    productId = (await apiJson<{ product_id: string }>(stack.service.baseUrl, token, 'POST', '/api/materials', body)).product_id;
    await stack.login();
  }

  afterAll(async () => {
    await cdn?.close();
    await stack?.close();
    await dashscope?.close();
  });

  it('shows a download in progress on its card and above the library', async () => {
    await page().goto(`${stack.service.baseUrl}/products/${productId}?tab=images`);
    await page().waitForSelector('#download-progress:not([hidden])');
    expect(await page().textContent('#download-progress')).toContain('正在下载');
    await page().waitForSelector('#asset-library .thumb-pending, #asset-library .thumb-downloading');
    await shot(page(), '26-images-downloading');
    cdn.release();
    await waitForDownloads(stack.service.baseUrl, token, productId);
    await page().waitForSelector('#download-progress[hidden]', { state: 'attached', timeout: 15_000 });
    await expect.poll(() => page().locator('#asset-library [data-status="stored"]').count(), POLL).toBe(3);
  });

  it('puts the chosen images in a grid with the main-image mark outside the picture', async () => {
    for (const button of await page().locator('#asset-library button:has-text("加入上架图")').all()) await button.click();
    await expect.poll(() => page().locator('#chosen-images .chosen-tile').count(), POLL).toBe(3);
    const mark = await page().locator('#chosen-images .chosen-tile.primary .primary-mark').boundingBox();
    const picture = await page().locator('#chosen-images .chosen-tile.primary img').boundingBox();
    expect(mark && picture).toBeTruthy();
    if (mark && picture) expect(mark.y + mark.height).toBeLessThanOrEqual(picture.y);
    const rows = await page()
      .locator('#chosen-images .chosen-tile')
      .evaluateAll((tiles) => new Set(tiles.map((tile) => Math.round(tile.getBoundingClientRect().top))).size);
    expect(rows).toBeLessThan(3);
    await shot(page(), '27-images-grid');
  });

  it('reorders by dragging, and by the arrow keys on a focused image', async () => {
    const [first, second, third] = await order();
    await page().dragAndDrop('#chosen-images .chosen-tile[data-index="2"]', '#chosen-images .chosen-tile[data-index="0"]');
    await expect.poll(order, POLL).toEqual([third, first, second]);
    await page().focus('#chosen-images .chosen-tile[data-index="0"]');
    await page().keyboard.press('ArrowRight');
    await expect.poll(order, POLL).toEqual([first, third, second]);
    expect(await page().evaluate(() => document.activeElement?.getAttribute('data-index'))).toBe('1');
    await page().keyboard.press('End');
    await expect.poll(order, POLL).toEqual([first, second, third]);
    await expect.poll(() => page().getAttribute('#save-state [data-status]', 'data-status'), POLL).toBe('saved');
    const saved = await apiJson<{ images: string[]; primary_image: string }>(stack.service.baseUrl, token, 'GET', `/api/products/${productId}`);
    expect(saved.images).toEqual([first, second, third]);
    expect(saved.primary_image).toBe(first);
  });

  it('opens the AI edit dialog with its heading and close button below the sticky top bar', async () => {
    await page().evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page().click('#asset-library [data-status="stored"] >> nth=2 >> button:has-text("AI 修图")');
    await page().waitForSelector('#edit-dialog h2');
    await page().waitForTimeout(800);
    const bar = await page().locator('.topbar').boundingBox();
    const heading = await page().locator('#edit-dialog h2').boundingBox();
    expect(bar && heading).toBeTruthy();
    if (bar && heading) expect(heading.y).toBeGreaterThanOrEqual(bar.y + bar.height);
    const closeOnTop = await page()
      .locator('#edit-dialog button.link')
      .evaluate((button) => {
        const box = button.getBoundingClientRect();
        return document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2) === button;
      });
    expect(closeOnTop).toBe(true);
    await shot(page(), '28-images-ai-edit-dialog');
    await page().click('#edit-dialog button.link');
    expect(await page().locator('#edit-dialog h2').count()).toBe(0);
  });

  it('keeps the keyboard inside the AI edit dialog, closes it with Esc and returns the focus to its button', async () => {
    const opener = page().locator('#asset-library [data-status="stored"] >> nth=2 >> button:has-text("AI 修图")');
    await opener.focus();
    await page().keyboard.press('Enter');
    await page().waitForSelector('#edit-dialog[open] h2');
    for (let i = 0; i < 6; i += 1) {
      await page().keyboard.press('Tab');
      expect(await page().evaluate(() => Boolean(document.activeElement?.closest('#edit-dialog')))).toBe(true);
    }
    await page().keyboard.press('Escape');
    // The browser closes the dialog at once and tells the page a task later (the close event empties it).
    await expect.poll(() => page().locator('#edit-dialog[open]').count(), POLL).toBe(0);
    await expect.poll(() => page().locator('#edit-dialog h2').count(), POLL).toBe(0);
    await expect.poll(() => opener.evaluate((button) => button === document.activeElement), POLL).toBe(true);
  });

  it('translates the text in the ticked images with progress; the results appear in 图片翻译 and the sources stay', async () => {
    const main = '#asset-library section[data-group="main"]';
    const sources = await page()
      .locator(`${main} [data-asset-id]`)
      .evaluateAll((cards) => cards.map((card) => card.getAttribute('data-asset-id')));
    expect(sources).toHaveLength(3);
    await expect
      .poll(
        () =>
          page()
            .locator('#translate-model option')
            .evaluateAll((items) => items.map((item) => (item as HTMLOptionElement).value)),
        POLL,
      )
      .toEqual(['qwen-image-edit-plus']);
    await page().locator(`${main} .translate-pick`).nth(0).check();
    await page().locator(`${main} .translate-pick`).nth(1).check();
    const release = dashscope.images.hold();
    await page().click('#translate-start');
    await expect.poll(text(page(), '#translate-status'), POLL).toContain('翻译中：已完成 0 / 2');
    expect(await page().isDisabled('#translate-start')).toBe(true);
    await page().locator('#translate-bar').scrollIntoViewIfNeeded();
    await shot(page(), '38-translate-progress');
    release();
    await expect.poll(text(page(), '#translate-status'), { timeout: 30_000, interval: 200 }).toContain('翻译完成：成功 2 张');
    const translated = '#asset-library section[data-group="translated"]';
    await expect.poll(() => page().locator(`${translated} [data-status="stored"]`).count(), POLL).toBe(2);
    expect(await text(page(), `${translated} h3`)()).toBe('图片翻译（2）');
    expect(
      await page()
        .locator(`${main} [data-asset-id]`)
        .evaluateAll((cards) => cards.map((card) => card.getAttribute('data-asset-id'))),
    ).toEqual(sources);
    expect(dashscope.images.generations).toHaveLength(2);
    expect(
      dashscope.images.generations.every((call) =>
        call.request.body.toString('utf8').includes('Replace every Chinese text in this image with its natural Russian translation'),
      ),
    ).toBe(true);
    await page().locator(translated).scrollIntoViewIfNeeded();
    await shot(page(), '39-translated-images');
  });

  it('builds the rich content with each detail picture’s translation in its place, marked in the phone-width preview', async () => {
    // Two detail pictures join the product; the second is translated.
    const { details, translations } = await translatedDetail(stack.service.baseUrl, token, stack.fixtures.url, productId, 'img-1');
    const ofDetail = translations.find((asset) => asset.translated_from === details[1]!.asset_id)!;

    await page().reload();
    await page().locator('#rich-content-card').scrollIntoViewIfNeeded();
    await expect.poll(text(page(), '#rich-content-card'), POLL).toContain('还没有富文本');
    await page().click('#rich-build');
    await expect.poll(() => page().locator('#rich-preview img.rich-picture').count(), POLL).toBe(4);
    // The main pictures' translations first (as before), then the detail pictures in their order, the second as its translation.
    const expected = [...translations.filter((asset) => asset !== ofDetail).map((asset) => asset.stored_url), details[0]!.stored_url, ofDetail.stored_url];
    const sources = (selector: string) => () =>
      page()
        .locator(selector)
        .evaluateAll((images) => images.map((image) => image.getAttribute('src')));
    expect(await sources('#rich-preview img.rich-picture')()).toEqual(expected);
    await expect.poll(sources('#rich-preview figure:has(.rich-translated) img'), POLL).toEqual(expected.filter((url) => url !== details[0]!.stored_url));
    const width = await page()
      .locator('#rich-preview')
      .evaluate((frame) => frame.getBoundingClientRect().width);
    expect(width).toBeLessThanOrEqual(360);
    const saved = await apiJson<{ attributes: Record<string, { value: string }[]> }>(stack.service.baseUrl, token, 'GET', `/api/products/${productId}`);
    expect(JSON.parse(saved.attributes['11254']![0]!.value).version).toBe(0.3);
    await page().locator('#rich-content-card').scrollIntoViewIfNeeded();
    await shot(page(), '52-rich-content-preview');
  });

  it('writes Russian copy with the same DashScope key (通义千问, the one text model offered)', async () => {
    await page().goto(`${stack.service.baseUrl}/products/${productId}?tab=copy`);
    await expect
      .poll(
        () =>
          page()
            .locator('#copy-model option')
            .evaluateAll((items) => items.map((item) => (item as HTMLOptionElement).value)),
        POLL,
      )
      .toEqual(['qwen-plus']);
    dashscope.chat.script.push({
      kind: 'answer',
      value: { title_ru: 'Органайзер для хранения', description_ru: 'Пластиковый органайзер с крышкой.', tags: ['органайзер'], text_zh: '收纳盒' },
    });
    await page().click('#copy-generate');
    await expect.poll(value(page(), '#f-copy-title_ru'), POLL).toBe('Органайзер для хранения');
    expect(dashscope.chat.bodies().at(-1)?.model).toBe('qwen-plus');
  });
});
