import { describe, expect, it } from 'vitest';
import { downloadHarness } from './download-asset-harness.ts';

describe('downloadAsset: retries, back-off and the Referer', () => {
  const h = downloadHarness();

  it('stores on the first success', async () => {
    const { asset, sleeps } = await h.run([200]);
    expect(asset).toMatchObject({ status: 'stored', attempts: 1, error: null, stored_url: '/media/products/p1/a1.jpg', width: 320, height: 240 });
    expect(sleeps).toEqual([]);
  });

  it('retries 5xx, 429 and timeouts with doubling back-off, then gives up after 3 attempts', async () => {
    const { asset, sleeps } = await h.run([503, 'timeout', 429]);
    expect(asset).toMatchObject({ status: 'failed', attempts: 3, stored_url: '' });
    expect(asset?.error).toContain('429');
    expect(sleeps).toEqual([300, 600]);
  });

  it('succeeds on a later attempt', async () => {
    const { asset, sleeps } = await h.run([500, 200]);
    expect(asset).toMatchObject({ status: 'stored', attempts: 2, error: null });
    expect(sleeps).toEqual([300]);
  });

  it('does not retry other 4xx statuses', async () => {
    expect((await h.run([404])).asset).toMatchObject({ status: 'failed', attempts: 1 });
  });

  it('does not retry refusals', async () => {
    const { asset } = await h.run(['refused']);
    expect(asset).toMatchObject({ status: 'failed', attempts: 1 });
    expect(asset?.error).toContain('内网');
  });

  it('on 403 asks once more without Referer within the same attempt', async () => {
    const { asset, referers } = await h.run([403, 200]);
    expect(asset).toMatchObject({ status: 'stored', attempts: 1 });
    expect(referers).toEqual(['https://detail.1688.com/', undefined]);
  });
});
