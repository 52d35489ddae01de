import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeGuardedImageFetcher } from '../../../src/adapters/images/guarded-image-fetcher.ts';
import { type ClosableGuardedHttp, makeGuardedHttp } from '../../../src/adapters/outbound/guarded-http.ts';
import { makeProxyImage } from '../../../src/application/use-cases/proxy-image.ts';
import { type FakeCdn, HOTLINK_REFERER, startFakeCdn } from '../../fakes/cdn.ts';

const collect = async (body: AsyncIterable<Uint8Array>): Promise<Buffer> => {
  const chunks: Uint8Array[] = [];
  for await (const chunk of body) chunks.push(chunk);
  return Buffer.concat(chunks);
};

// The real image fetcher on the real guarded client, every host name pinned to the fake CDN's loopback address.
let cdn: FakeCdn;
let http: ClosableGuardedHttp;
let base: (host: string) => string;
beforeAll(async () => {
  cdn = await startFakeCdn();
  http = makeGuardedHttp({ allowPrivate: true, resolve: async () => [{ address: '127.0.0.1', family: 4 }] });
  base = (host) => `http://${host}:${new URL(cdn.url).port}`;
});
afterAll(async () => {
  await http?.close();
  await cdn?.close();
});

const proxyFor = (allowedHosts: readonly string[]) => makeProxyImage({ imageFetcher: makeGuardedImageFetcher({ guardedHttp: http }), allowedHosts });
const hitsSince = (before: number) => cdn.requests.slice(before);

describe('proxy image', () => {
  it('relays an image of an allowed host (or its subdomain) with the type its bytes name, not the type the host claims', async () => {
    const proxy = proxyFor(['alicdn.com']);
    const relayed = await proxy(`${base('img.alicdn.com')}/webp/a.webp`);
    expect(relayed.contentType).toBe('image/webp');
    expect((await collect(relayed.body)).equals(cdn.images.webp)).toBe(true);
    const png = await proxy(`  ${base('alicdn.com')}/png/b.png `);
    expect([png.contentType, (await collect(png.body)).equals(cdn.images.png)]).toEqual(['image/png', true]);
  });

  it('sends the Referer of the host’s site, and none for a host without one', async () => {
    const before = cdn.requests.length;
    await collect((await proxyFor(['alicdn.com'])(`${base('cbu01.alicdn.com')}/hotlink/h.jpg`)).body);
    await collect((await proxyFor(['*'])(`${base('images.example')}/jpeg/j.jpg`)).body);
    expect(hitsSince(before).map((hit) => [hit.url, hit.headers.referer ?? null])).toEqual([
      ['/hotlink/h.jpg', HOTLINK_REFERER],
      ['/jpeg/j.jpg', null],
    ]);
  });

  it('refuses what is not an http(s) URL of an allowed host (422) without fetching it', async () => {
    const before = cdn.requests.length;
    const proxy = proxyFor(['alicdn.com']);
    const refused = async (url: string) =>
      proxy(url).then(
        () => ({ code: 'relayed' }),
        (error: { code: string; kind: string }) => ({ code: error.code, kind: error.kind }),
      );
    expect(await refused('not a url')).toEqual({ code: 'PROXY_URL_INVALID', kind: 'invalid' });
    expect(await refused('file:///etc/passwd')).toEqual({ code: 'PROXY_URL_INVALID', kind: 'invalid' });
    expect(await refused(`${base('alicdn.com.evil.example')}/jpeg/a.jpg`)).toEqual({ code: 'PROXY_HOST_NOT_ALLOWED', kind: 'invalid' });
    expect(await refused(`${base('notalicdn.com')}/jpeg/a.jpg`)).toEqual({ code: 'PROXY_HOST_NOT_ALLOWED', kind: 'invalid' });
    await expect(proxy('//evil.example/a.jpg')).rejects.toMatchObject({ code: 'PROXY_HOST_NOT_ALLOWED', detail: expect.stringContaining('evil.example') });
    expect(hitsSince(before)).toEqual([]);
  });

  it('answers its own codes for a failing source (502) and for bytes that are no raster image, other refusals as they are', async () => {
    const proxy = proxyFor(['*']);
    await expect(proxy(`${base('cdn.example')}/missing/x.jpg`)).rejects.toMatchObject({
      code: 'PROXY_UPSTREAM_STATUS',
      kind: 'upstream_failed',
      detail: expect.stringContaining('404'),
    });
    await expect(proxy(`${base('cdn.example')}/html/x.jpg`)).rejects.toMatchObject({ code: 'PROXY_NOT_IMAGE', kind: 'upstream_failed' });
    const strict = makeGuardedHttp({ allowPrivate: false });
    try {
      const guarded = makeProxyImage({ imageFetcher: makeGuardedImageFetcher({ guardedHttp: strict }), allowedHosts: ['*'] });
      await expect(guarded(`${cdn.url}/jpeg/a.jpg`)).rejects.toMatchObject({ code: 'OUTBOUND_REFUSED' });
    } finally {
      await strict.close();
    }
  });
});
