import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeGuardedHttp } from '../../src/adapters/outbound/guarded-http.ts';
import { makeGuardedImageFetcher } from '../../src/adapters/images/guarded-image-fetcher.ts';
import { makeProxyImage } from '../../src/application/use-cases/proxy-image.ts';
import { type FakeCdn, HOTLINK_REFERER, startFakeCdn } from '../fakes/cdn.ts';
import { type TestApp, startTestApp } from '../helpers/test-app.ts';

const collect = async (body: AsyncIterable<Uint8Array>): Promise<Buffer> => {
  const chunks: Uint8Array[] = [];
  for await (const chunk of body) chunks.push(chunk);
  return Buffer.concat(chunks);
};

describe('GET /api/proxy-image', () => {
  let cdn: FakeCdn;
  let t: TestApp;
  let strict: TestApp;

  beforeAll(async () => {
    cdn = await startFakeCdn();
    t = await startTestApp({ env: { PROXY_IMAGE_HOSTS: '127.0.0.1' } });
    strict = await startTestApp({ env: { PROXY_IMAGE_HOSTS: '*', OUTBOUND_ALLOW_PRIVATE: 'false' } });
  });
  afterAll(async () => {
    await t?.close();
    await strict?.close();
    await cdn?.close();
  });

  const proxy = (app: TestApp, url: string) => app.app.inject({ method: 'GET', url: `/api/proxy-image?url=${encodeURIComponent(url)}`, headers: app.auth });

  it('relays image bytes with the sniffed type and safe headers', async () => {
    const response = await proxy(t, `${cdn.url}/webp/p1`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.rawPayload.equals(cdn.images.webp)).toBe(true);
  });

  it('refuses hosts outside PROXY_IMAGE_HOSTS without fetching', async () => {
    const response = await proxy(t, 'http://example.com/a.jpg');
    expect(response.statusCode).toBe(422);
    expect(response.json().code).toBe('PROXY_HOST_NOT_ALLOWED');
    expect((await proxy(t, 'file:///etc/passwd')).statusCode).toBe(422);
    expect((await proxy(t, 'not a url')).statusCode).toBe(422);
  });

  it('answers 502 for upstream errors and for anything that is not a raster image', async () => {
    const missing = await proxy(t, `${cdn.url}/missing/x.jpg`);
    expect(missing.statusCode).toBe(502);
    expect(missing.json().code).toBe('PROXY_UPSTREAM_STATUS');
    const html = await proxy(t, `${cdn.url}/html/x.jpg`);
    expect(html.statusCode).toBe(502);
    expect(html.json().code).toBe('PROXY_NOT_IMAGE');
  });

  it('refuses loopback targets when private addresses are not allowed, even with PROXY_IMAGE_HOSTS=*', async () => {
    const port = new URL(cdn.url).port;
    const before = cdn.requests.length;
    for (const url of [
      `http://127.0.0.1:${port}/jpeg/a.jpg`,
      `http://[::1]:${port}/jpeg/a.jpg`,
      `http://2130706433:${port}/jpeg/a.jpg`,
      `http://localhost:${port}/jpeg/a.jpg`,
    ]) {
      const response = await proxy(strict, url);
      expect(response.statusCode).toBe(422);
      expect(response.json().code).toBe('OUTBOUND_REFUSED');
    }
    expect(cdn.requests.length).toBe(before);
  });

  it("sends the matching site's Referer, and retries once without it on 403", async () => {
    // A real CDN host name, pinned to the fake's address.
    const http = makeGuardedHttp({ allowPrivate: true, resolve: async () => [{ address: '127.0.0.1', family: 4 }] });
    const proxyImage = makeProxyImage({ imageFetcher: makeGuardedImageFetcher({ guardedHttp: http }), allowedHosts: ['alicdn.com'] });
    const port = new URL(cdn.url).port;

    const hotlinked = await proxyImage(`http://cbu01.alicdn.com:${port}/hotlink/h.jpg`);
    expect((await collect(hotlinked.body)).equals(cdn.images.jpeg)).toBe(true);
    expect(cdn.hits('/hotlink/h.jpg').map((hit) => hit.headers.referer)).toEqual([HOTLINK_REFERER]);

    const foreign = await proxyImage(`http://img.alicdn.com:${port}/no-referer/n.jpg`);
    expect(foreign.contentType).toBe('image/jpeg');
    await collect(foreign.body);
    expect(cdn.hits('/no-referer/n.jpg').map((hit) => hit.headers.referer ?? null)).toEqual([HOTLINK_REFERER, null]);
    await http.close();
  });
});
