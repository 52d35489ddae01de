import { type Server, createServer } from 'node:http';
import { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tinyMp4 } from '../../../tests/fakes/tiny-mp4.ts';
import { apiJson, apiLogin } from './api.ts';
import { makeRealMp4 } from './real-video.ts';
import { POLL, type Stack, shot, startStack, text } from './stack.ts';

type VideoRow = { asset_id: string; type: string; status: string; group_key: string; attempts: number; updated_at: string; video_cover?: boolean };

/** A video CDN: `/main.mp4` at once, `/held.mp4` only once released (the download stays visible), anything else 404. */
async function videoCdn(main: Buffer): Promise<{ url: string; release(): void; close(): Promise<void> }> {
  const waiting: (() => void)[] = [];
  let released = false;
  const server: Server = createServer((request, response) => {
    const send = (): void => void response.writeHead(200, { 'content-type': 'video/mp4', 'content-length': main.length }).end(main);
    if (request.url === '/main.mp4' || (request.url === '/held.mp4' && released)) send();
    else if (request.url === '/held.mp4') waiting.push(send);
    else response.writeHead(404).end();
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

const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0, 0xff, 0xd9]);

describe('the product’s videos in Chromium: player with seeking, state, upload with refusals, cover, replace, retry and delete', () => {
  let stack: Stack;
  let cdn: Awaited<ReturnType<typeof videoCdn>>;
  let token = '';
  let productId = '';
  let ownClip: Buffer;
  let replacement: Buffer;
  const page = () => stack.page;
  const videos = async () =>
    (await apiJson<{ items: VideoRow[] }>(stack.service.baseUrl, token, 'GET', `/api/products/${productId}/assets`)).items.filter(
      (asset) => asset.type === 'video',
    );
  const card = (status: string) => `#video-list [data-status="${status}"]`;
  /** The section at the top of the window, for its screenshot. */
  const showSection = () => page().evaluate(() => document.querySelector('#video-card')?.scrollIntoView({ block: 'start' }));

  beforeAll(async () => {
    stack = await startStack();
    token = await apiLogin(stack.service.baseUrl);
    // Real H.264 files, encoded by this Chromium at test time (a secure origin has WebCodecs).
    await page().goto(`${stack.service.baseUrl}/login`);
    const main = await makeRealMp4(page(), 10);
    [ownClip, replacement] = [await makeRealMp4(page(), 12, 20), await makeRealMp4(page(), 9, 120)];
    cdn = await videoCdn(main);
    const video = (path: string, index: number) => ({
      groupKey: 'main',
      groupName: '主图视频',
      variantName: null,
      url: `${cdn.url}${path}`,
      index,
      type: 'video',
      dedupeKey: path,
    });
    const body = {
      product: { id: null },
      source: { platform: '1688', itemId: 'video-1', url: 'https://detail.1688.com/offer/video-1.html', collectedAt: Date.now() },
      texts: [{ kind: 'title', content: '便携榨汁杯' }],
      images: [
        { groupKey: 'main', groupName: '主图', variantName: null, url: `${stack.fixtures.url}/img/main-1.jpg`, index: 0, type: 'img', dedupeKey: 'photo' },
        video('/main.mp4', 0),
        video('/held.mp4', 1),
        video('/missing.mp4', 2),
      ],
    };
    productId = (await apiJson<{ product_id: string }>(stack.service.baseUrl, token, 'POST', '/api/materials', body)).product_id;
    // One stored, one failed, one held by the CDN mid-download (bounded wait; nothing asserts on how long it took).
    for (const deadline = Date.now() + 30_000; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 200))) {
      if (
        (await videos())
          .map((row) => row.status)
          .sort()
          .join() === 'downloading,failed,stored'
      )
        break;
    }
    await stack.login();
  });

  afterAll(async () => {
    cdn?.release();
    await stack?.close();
    await cdn?.close();
  });

  it('shows each video apart from the pictures: a player that loads and seeks our copy, duration, size, format, state and a failure’s reason', async () => {
    await page().goto(`${stack.service.baseUrl}/products/${productId}?tab=images`);
    await page().waitForSelector(`${card('stored')} video`);
    expect(await page().locator('#asset-library [data-asset-id]').count()).toBe(1); // the photo only
    expect(await text(page(), `${card('stored')} [data-field="duration"]`)()).toBe('10 秒');
    expect(await text(page(), `${card('stored')} [data-field="format"]`)()).toBe('MP4');
    expect(await text(page(), `${card('stored')} [data-field="size"]`)()).toMatch(/^\d+ KB$/);
    expect(await text(page(), `${card('downloading')}`)()).toContain('正在下载');
    expect(await text(page(), `${card('failed')} [data-field="error"]`)()).toContain('HTTP 404');

    // The browser reads the stored file in ranges: it knows the length and can jump into the middle.
    const played = await page().evaluate(
      async (selector) => {
        const video = document.querySelector<HTMLVideoElement>(selector)!;
        if (video.readyState < 1) await new Promise((resolve) => video.addEventListener('loadedmetadata', resolve, { once: true }));
        const seeked = new Promise((resolve) => video.addEventListener('seeked', resolve, { once: true }));
        const shown = new Promise((resolve) => video.requestVideoFrameCallback(resolve)); // the frame at 4.5 s is on screen
        video.currentTime = 4.5;
        await Promise.all([seeked, shown]);
        return {
          duration: video.duration,
          seekableEnd: video.seekable.length ? video.seekable.end(0) : 0,
          at: video.currentTime,
          error: video.error?.code ?? null,
        };
      },
      `${card('stored')} video`,
    );
    expect(played).toMatchObject({ duration: 10, seekableEnd: 10, error: null });
    expect(played.at).toBeCloseTo(4.5, 0);
    await showSection();
    await shot(page(), '53-video-section');

    cdn.release();
    await expect.poll(() => page().locator(card('stored')).count(), POLL).toBe(2);
  });

  it('uploads the seller’s own clip; a JPEG posing as a video and a 3-second clip are refused in Chinese and nothing is kept', async () => {
    await page().setInputFiles('#video-input', { name: 'own-clip.mp4', mimeType: 'video/mp4', buffer: ownClip });
    await expect.poll(() => page().locator(card('stored')).count(), POLL).toBe(3);
    expect((await videos()).filter((row) => row.group_key === 'upload')).toHaveLength(1);
    const before = (await videos()).length;

    await page().setInputFiles('#video-input', { name: 'photo.mp4', mimeType: 'video/mp4', buffer: JPEG });
    await expect.poll(text(page(), '#video-error'), POLL).toContain('不是 MP4/MOV 视频');
    await page().setInputFiles('#video-input', { name: 'short.mp4', mimeType: 'video/mp4', buffer: tinyMp4({ durationMs: 3_000 }) });
    await expect.poll(text(page(), '#video-error'), POLL).toContain('视频时长 3 秒，平台要求 8 秒到 5 分钟');
    expect((await videos()).length).toBe(before);
    await showSection();
    await shot(page(), '54-video-upload-refused');
  });

  it('chooses the cover, replaces it (the cover moves to the new file), retries the failed download and deletes it', async () => {
    const own = (await videos()).find((row) => row.group_key === 'upload')!;
    await page().click(`[data-asset-id="${own.asset_id}"] [data-action="cover"]`);
    await page().waitForSelector(`[data-asset-id="${own.asset_id}"] [data-cover]`);
    expect((await videos()).find((row) => row.video_cover)?.asset_id).toBe(own.asset_id);

    await page().setInputFiles(`#video-replace-${own.asset_id}`, { name: 'better-clip.mp4', mimeType: 'video/mp4', buffer: replacement });
    await expect.poll(async () => (await videos()).some((row) => row.asset_id === own.asset_id), POLL).toBe(false);
    const cover = (await videos()).find((row) => row.video_cover)!;
    expect(cover.group_key).toBe('upload');
    await page().waitForSelector(`[data-asset-id="${cover.asset_id}"] [data-cover]`);
    expect(await text(page(), `[data-asset-id="${cover.asset_id}"] [data-field="duration"]`)()).toBe('9 秒');

    const failed = (await videos()).find((row) => row.status === 'failed')!;
    await page().click(`[data-asset-id="${failed.asset_id}"] [data-action="retry"]`);
    await expect.poll(text(page(), '#toasts'), POLL).toContain('已重新排队');
    await expect.poll(async () => (await videos()).find((row) => row.asset_id === failed.asset_id)?.updated_at, POLL).not.toBe(failed.updated_at);
    await page().waitForSelector(`[data-asset-id="${failed.asset_id}"][data-status="failed"]`);

    page().once('dialog', (dialog) => void dialog.accept());
    await page().click(`[data-asset-id="${failed.asset_id}"] [data-action="delete"]`);
    await expect.poll(() => page().locator(`[data-asset-id="${failed.asset_id}"]`).count(), POLL).toBe(0);
    expect((await videos()).map((row) => row.status)).toEqual(['stored', 'stored', 'stored']);
    await showSection();
    await shot(page(), '55-video-cover');
  });
});
