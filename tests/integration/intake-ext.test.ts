import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, startTestApp } from '../helpers/test-app.ts';

describe('extension operations: /api/ext/profiles and /api/ext/logs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());

  it('serves built-in profiles with an ETag, 304 on a match, and a new ETag after PUT', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/ext/profiles', headers: t.auth });
    expect(first.statusCode).toBe(200);
    expect(first.json().profiles.map((p: { platform: string }) => p.platform)).toEqual(['1688', 'taobao', 'ozon']);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);

    const cached = await t.app.inject({ method: 'GET', url: '/api/ext/profiles', headers: { ...t.auth, 'if-none-match': etag } });
    expect(cached.statusCode).toBe(304);
    expect(cached.body).toBe('');

    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/ext/profiles',
      headers: t.auth,
      payload: { profiles: [{ platform: '1688', match: ['https://detail.1688.com/*'], selectors: { title: 'h1.new' } }] },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ version: 1, profiles: [{ selectors: { title: 'h1.new' } }] });
    expect(put.headers.etag).not.toBe(etag);

    const stale = await t.app.inject({ method: 'GET', url: '/api/ext/profiles', headers: { ...t.auth, 'if-none-match': etag } });
    expect(stale.statusCode).toBe(200);
    expect(stale.json().profiles).toHaveLength(1);
    const fresh = await t.app.inject({ method: 'GET', url: '/api/ext/profiles', headers: { ...t.auth, 'if-none-match': `W/${put.headers.etag as string}` } });
    expect(fresh.statusCode).toBe(304);

    const bad = await t.app.inject({ method: 'PUT', url: '/api/ext/profiles', headers: t.auth, payload: { profiles: [{ platform: '1688' }] } });
    expect(bad.statusCode).toBe(422);
  });

  it('accepts capped batches of telemetry and pages them newest first', async () => {
    const batch = (from: number, n: number) => ({ events: Array.from({ length: n }, (_, i) => ({ type: 'collect', n: from + i })) });
    expect((await t.app.inject({ method: 'POST', url: '/api/ext/logs', headers: t.auth, payload: batch(0, 3) })).json()).toEqual({ accepted: 3 });
    const second = await t.app.inject({ method: 'POST', url: '/api/ext/logs', headers: t.auth, payload: batch(3, 2) });
    expect(second.statusCode).toBe(202);

    const page = await t.app.inject({ method: 'GET', url: '/api/ext/logs?page=1&page_size=2', headers: t.auth });
    expect(page.json().total).toBe(5);
    expect(page.json().items.map((item: { event: { n: number } }) => item.event.n)).toEqual([4, 3]);
    const last = await t.app.inject({ method: 'GET', url: '/api/ext/logs?page=3&page_size=2', headers: t.auth });
    expect(last.json().items.map((item: { event: { n: number } }) => item.event.n)).toEqual([0]);

    expect((await t.app.inject({ method: 'POST', url: '/api/ext/logs', headers: t.auth, payload: batch(0, 501) })).statusCode).toBe(422);
    expect((await t.app.inject({ method: 'POST', url: '/api/ext/logs', headers: t.auth, payload: { events: [] } })).statusCode).toBe(422);
    const huge = { events: [{ blob: 'x'.repeat(300 * 1024) }] };
    expect((await t.app.inject({ method: 'POST', url: '/api/ext/logs', headers: t.auth, payload: huge })).statusCode).toBe(413);
    expect((await t.app.inject({ method: 'GET', url: '/api/ext/logs?page_size=201', headers: t.auth })).statusCode).toBe(422);
  });

  it('keeps only the newest events past the cap', async () => {
    const store = t.container.cradle.extensionStore;
    const entries = Array.from({ length: 7 }, (_, i) => ({ id: `cap-${i}`, received_at: '2030-01-01T00:00:00.000Z', event: { n: i } }));
    await store.appendLogs(entries, 4);
    const kept = await store.listLogs(1, 10);
    expect(kept.total).toBe(4);
    expect(kept.items.map((item) => item.event.n)).toEqual([6, 5, 4, 3]);
  });
});
