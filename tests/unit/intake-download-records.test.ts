import { describe, expect, it } from 'vitest';
import { downloadHarness } from './download-asset-harness.ts';

describe('downloadAsset: what it records on the asset (store failures, resumed downloads, final assets, non-images)', () => {
  const h = downloadHarness();

  it('records an unexpected store failure on the asset as failed (retryable), instead of leaving it downloading', async () => {
    const local = h.localStore();
    const fullDisk = { ...local, put: () => Promise.reject(new Error('ENOSPC: no space left on device')) };
    await expect(h.run([200], {}, fullDisk)).rejects.toThrow('ENOSPC');
    const asset = await h.assets().findById('a1');
    expect(asset).toMatchObject({ status: 'failed', stored_url: '', attempts: 1 });
    expect(asset?.error).toMatch(/[\u4e00-\u9fff]/);
    expect(asset?.error).not.toContain('ENOSPC');
  });

  it('gives a download resumed after a crash only the attempts it has left, but at least one', async () => {
    expect((await h.run([503, 503, 503], { status: 'downloading', attempts: 1 })).asset).toMatchObject({ status: 'failed', attempts: 3 });
    await h.database().db.deleteFrom('assets').execute();
    expect((await h.run([503, 503], { status: 'downloading', attempts: 5 })).asset).toMatchObject({ status: 'failed', attempts: 6 });
  });

  it('leaves stored and failed assets alone', async () => {
    const { asset, referers } = await h.run([200], { status: 'failed', attempts: 3, error: 'x' });
    expect(asset).toMatchObject({ status: 'failed', attempts: 3 });
    expect(referers).toEqual([]);
  });

  it('records a file that is not an image as failed', async () => {
    h.serve(new Uint8Array(Buffer.from('<html>login required</html>')));
    const { asset } = await h.run([200]);
    expect(asset).toMatchObject({ status: 'failed', attempts: 1 });
    expect(asset?.error).toContain('不支持的图片格式');
  });
});
