import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../helpers/test-app.ts';
import { addStoredImage, parseCsv } from './catalog-helpers.ts';

/** Issue 32 item 1: a picture stored under one PUBLIC_BASE_URL is published and exported under the next one. */
describe('stored media addresses do not keep PUBLIC_BASE_URL', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lws-media-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('a private base at collection is replaced by the public one set later, in the CSV and the product alike; the warning follows the setting', async () => {
    const before = await startTestApp({ dataDir, start: false, env: { PUBLIC_BASE_URL: 'http://192.168.1.5:8787' } });
    const product = (await before.app.inject({ method: 'POST', url: '/api/products', headers: before.auth, payload: { name: '杯子' } })).json();
    const asset = await addStoredImage(before, product.id);
    expect(asset.stored_url).toBe(`/media/products/${product.id}/${asset.asset_id}.jpg`);
    const warned = (await before.app.inject({ url: '/api/media/public-address', headers: before.auth })).json();
    expect(warned).toMatchObject({ state: 'private', public_base: 'http://192.168.1.5:8787', warning: expect.stringContaining('内网') });
    await before.close();

    const after = await startTestApp({ dataDir, start: false, env: { PUBLIC_BASE_URL: 'https://shop.example.com' } });
    try {
      const csv = parseCsv(
        (await after.app.inject({ url: `/api/export/products.csv?fields=offer_id,images,primary_image&ids=${product.id}`, headers: after.auth })).body,
      );
      const picture = `https://shop.example.com/media/products/${product.id}/${asset.asset_id}.jpg`;
      expect(csv[1]).toEqual(['', picture, picture]);
      expect((await after.app.inject({ url: '/api/media/public-address', headers: after.auth })).json()).toEqual({
        state: 'public',
        public_base: 'https://shop.example.com',
        warning: null,
      });
      // A client sending the public form back (the upload's or an old answer's) stores the settings-free one.
      const viewed = (await after.app.inject({ url: `/api/products/${product.id}`, headers: after.auth })).json();
      const saved = await after.app.inject({
        method: 'PATCH',
        url: `/api/products/${product.id}`,
        headers: { ...after.auth, 'if-match': String(viewed.version) },
        payload: { images: [picture] },
      });
      expect(saved.json().images).toEqual([asset.stored_url]);
    } finally {
      await after.close();
    }
  });
});
