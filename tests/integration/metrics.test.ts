import { type PromMetric, getMetricsFromIterator } from 'prom2javascript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MetricsServer, startMetricsServer } from '../../src/adapters/metrics/metrics-server.ts';
import { makePrometheusMetrics } from '../../src/adapters/metrics/prometheus-metrics.ts';
import { type ChatFake, startChatFake } from '../fakes/chat-completions.ts';
import { type CountingCdn, startCountingCdn } from '../fakes/counting-cdn.ts';
import { type FakeOzon, startFakeOzon } from '../fakes/ozon.ts';
import { GOOD_KEY } from '../helpers/marketplace-app.ts';
import { COPY_ANSWER } from '../helpers/openapi-story.ts';
import { takenPort } from '../helpers/service-process.ts';
import { type TestApp, startTestApp } from '../helpers/test-app.ts';
import { materials } from '../helpers/two-instances.ts';

/**
 * The parser's reading of a scrape. prom2javascript refuses a sample whose value is NaN, which the exposition format
 * allows (the event-loop lag before its first sample): such samples are checked against the format here and left out.
 */
async function parse(text: string): Promise<Map<string, PromMetric>> {
  const lines = text.split('\n');
  const notANumber = lines.filter((line) => / NaN$/.test(line));
  expect(notANumber.filter((line) => !/^[a-zA-Z_:][a-zA-Z0-9_:]*(\{[^}]*\})? NaN$/.test(line))).toEqual([]);
  return new Map(Object.entries(await getMetricsFromIterator(lines.filter((line) => !notANumber.includes(line))[Symbol.iterator]())));
}

describe('the metrics port', () => {
  let t: TestApp;
  let cdn: CountingCdn;
  let ozon: FakeOzon;
  let deepseek: ChatFake;
  let server: MetricsServer;
  /** The scraped text, and the parser's reading of it (each family by name: type, help, samples with labels). */
  const scrape = async (): Promise<{ text: string; families: Map<string, PromMetric> }> => {
    const response = await fetch(server.address);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await response.text();
    return { text, families: await parse(text) };
  };
  const gauge = async (name: string): Promise<number | undefined> => ((await scrape()).families.get(name)?.data[0] as { value?: number } | undefined)?.value;

  beforeAll(async () => {
    [cdn, ozon, deepseek] = await Promise.all([startCountingCdn(), startFakeOzon(), startChatFake('deepseek')]);
    ozon.addKey('123456', GOOD_KEY);
    t = await startTestApp({ env: { METRICS_PORT: '9', OZON_API_URL: ozon.url, ...deepseek.env() } });
    // The port from the configuration is what main.ts opens; here any free one.
    server = await startMetricsServer(t.container.cradle.metrics, 0, '127.0.0.1', (error) => {
      throw error;
    });
  });
  afterAll(async () => {
    await server?.close();
    await t?.close();
    await Promise.all([cdn?.close(), ozon?.close(), deepseek?.close()]);
  });

  it('shows the pending downloads of a backlog falling to none', async () => {
    cdn.hold();
    const collected = await t.app.inject({ method: 'POST', url: '/api/materials', headers: t.auth, payload: materials(cdn.url, 1, 12) });
    expect(collected.json().assetsQueued).toBe(12);
    expect(await gauge('lws_downloads_pending')).toBe(12);
    cdn.release();
    await t.container.cradle.downloadWorker.onIdle();
    expect(await gauge('lws_downloads_pending')).toBe(0);
  });

  it('has each named series, parsed as Prometheus text, with route patterns and fixed names as the only labels', async () => {
    const product = (
      await t.app.inject({ method: 'POST', url: '/api/products', headers: t.auth, payload: { name: '秘密商品名', offer_id: 'SECRET-OFFER' } })
    ).json();
    expect((await t.app.inject({ method: 'GET', url: `/api/products/${product.id}`, headers: t.auth })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/no-such-path/${product.id}`, headers: t.auth })).statusCode).toBe(404);
    const shop = (
      await t.app.inject({
        method: 'POST',
        url: '/api/shops',
        headers: t.auth,
        payload: { name: '店', client_id: '123456', api_key: GOOD_KEY, currency_code: 'RUB' },
      })
    ).json();
    expect((await t.app.inject({ method: 'POST', url: `/api/shops/${shop.id}/test`, headers: t.auth })).json()).toMatchObject({ ok: true });
    const bad = (
      await t.app.inject({
        method: 'POST',
        url: '/api/shops',
        headers: t.auth,
        payload: { name: '坏店', client_id: '654321', api_key: 'bad-key-0000', currency_code: 'RUB' },
      })
    ).json();
    // The marketplace refuses the key: an error of the call.
    expect((await t.app.inject({ method: 'GET', url: `/api/categories/tree?shop_id=${bad.id}`, headers: t.auth })).statusCode).toBeGreaterThanOrEqual(400);
    deepseek.script.push({ kind: 'error', status: 400 }, { kind: 'answer', value: COPY_ANSWER });
    expect((await t.app.inject({ method: 'POST', url: '/api/ai/copy', headers: t.auth, payload: { title: '浴室置物架' } })).statusCode).toBeGreaterThanOrEqual(
      400,
    );
    expect((await t.app.inject({ method: 'POST', url: '/api/ai/copy', headers: t.auth, payload: { title: '浴室置物架' } })).statusCode).toBe(200);

    const { text, families } = await scrape();
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- samples are compared field by field
    const series = (name: string): any[] => families.get(name)?.data ?? [];
    const requests = series('lws_http_requests_total');
    expect(requests).toContainEqual({ labels: { route: '/api/products/:id', method: 'GET', status: '200' }, value: 1 });
    expect(requests).toContainEqual({ labels: { route: 'unmatched', method: 'GET', status: '404' }, value: 1 });
    expect(families.get('lws_http_request_duration_seconds')?.type).toBe('histogram');
    const collect = series('lws_http_request_duration_seconds').find((sample) => sample.labels.route === '/api/materials');
    expect(collect).toMatchObject({ labels: { route: '/api/materials', method: 'POST' }, count: 1, buckets: { '+Inf': 1 } });
    expect(series('lws_marketplace_calls_total')).toContainEqual({ labels: { method: 'testCredentials' }, value: 1 });
    expect(series('lws_marketplace_calls_total')).toContainEqual({ labels: { method: 'categoryTree' }, value: 1 });
    expect(series('lws_marketplace_errors_total')).toEqual([{ labels: { method: 'categoryTree' }, value: 1 }]);
    expect(series('lws_ai_calls_total')).toEqual([{ labels: { vendor: 'deepseek', method: 'writeCopy' }, value: 2 }]);
    expect(series('lws_ai_errors_total')).toEqual([{ labels: { vendor: 'deepseek', method: 'writeCopy' }, value: 1 }]);
    const depths = ['lws_downloads_pending', 'lws_publish_records_waiting', 'lws_publish_records_polling', 'lws_jobs_unfinished'];
    for (const name of [...depths, 'lws_stock_sends_pending', 'lws_market_checks_due']) expect(series(name), name).toEqual([{ labels: {}, value: 0 }]);
    for (const name of ['nodejs_eventloop_lag_seconds', 'nodejs_eventloop_lag_p99_seconds', 'process_resident_memory_bytes', 'nodejs_heap_size_used_bytes'])
      expect(series(name)[0]?.value, name).toBeGreaterThanOrEqual(0);

    // No product data, secret or user name anywhere in the text.
    for (const leak of [product.id, '秘密商品名', 'SECRET-OFFER', GOOD_KEY, 'bad-key-0000', t.container.cradle.secrets.appToken, 'app-token', '浴室置物架'])
      expect(text).not.toContain(leak);
  });

  it('parses before the event-loop lag has its first sample (a value that is not a number written NaN, as the format spells it)', async () => {
    const { text } = await makePrometheusMetrics(() => undefined).scrape();
    expect(text).toMatch(/^nodejs_eventloop_lag_mean_seconds NaN$/m);
    expect(text).not.toMatch(/ Nan$/m);
    expect([...(await parse(text)).keys()]).toContain('process_resident_memory_bytes');
  });

  it('answers only GET /metrics', async () => {
    expect((await fetch(server.address.replace('/metrics', '/'))).status).toBe(404);
    expect((await fetch(server.address, { method: 'POST' })).status).toBe(404);
  });

  it('refuses a port already taken with an error naming it (the service not starting: service-process.test.ts)', async () => {
    const taken = await takenPort();
    try {
      await expect(startMetricsServer(t.container.cradle.metrics, taken.port, '127.0.0.1', () => undefined)).rejects.toThrow(
        `METRICS_PORT ${taken.port} on 127.0.0.1 is already in use`,
      );
    } finally {
      await taken.free();
    }
  });
});
