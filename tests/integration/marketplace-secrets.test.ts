import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REDACTED_PATHS } from '../../src/infrastructure/logger.ts';
import { type FakeOzon, startFakeOzon } from '../fakes/ozon.ts';
import { GOOD_KEY, insertPublishable, waitForFinalTask } from '../helpers/marketplace-app.ts';
import { PUBLIC_BASE } from '../helpers/publishable-product.ts';
import { type TestApp, startTestApp } from '../helpers/test-app.ts';

const REJECTED_KEY = 'bad0bad0-1111-4222-8333-944445555666';
const NEW_KEY = 'c0ffee00-aaaa-4bbb-8ccc-dddddddddddd';
const KEYS = [GOOD_KEY, REJECTED_KEY, NEW_KEY];

describe('API keys never leave in a response or a log line', () => {
  let ozon: FakeOzon;
  let t: TestApp;
  const lines: string[] = [];
  const bodies: string[] = [];

  beforeAll(async () => {
    ozon = await startFakeOzon();
    ozon.addKey('123456', GOOD_KEY);
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
        done();
      },
    });
    // The production logger's redaction, at the most talkative level, with request logging on (LOG_LEVEL=debug).
    const logger = pino({ level: 'trace', redact: { paths: REDACTED_PATHS, censor: '[redacted]' } }, sink);
    t = await startTestApp({ env: { OZON_API_URL: ozon.url, PUBLIC_BASE_URL: PUBLIC_BASE, LOG_LEVEL: 'debug' }, logger });
  });
  afterAll(async () => {
    await t.close();
    await ozon.close();
  });

  const call = async (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) => {
    const response = await t.app.inject({ method, url, headers: t.auth, ...(payload ? { payload } : {}) });
    bodies.push(response.body);
    return response;
  };

  it('through binding, testing (good, rejected, unreachable), re-keying, browsing and publishing', async () => {
    const shop = (await call('POST', '/api/shops', { name: 'Main', client_id: '123456', api_key: GOOD_KEY })).json<{ id: string }>();
    await call('POST', `/api/shops/${shop.id}/test`);
    const other = (await call('POST', '/api/shops', { name: 'Other', client_id: '123456', api_key: REJECTED_KEY })).json<{ id: string }>();
    expect((await call('POST', `/api/shops/${other.id}/test`)).json()).toMatchObject({ ok: false });
    ozon.down = true;
    expect((await call('POST', `/api/shops/${shop.id}/test`)).statusCode).toBe(502);
    expect((await call('GET', `/api/categories/tree?shop_id=${shop.id}`)).statusCode).toBe(502);
    ozon.down = false;
    await call('PATCH', `/api/shops/${other.id}`, { api_key: NEW_KEY });
    await call('GET', `/api/categories/tree?shop_id=${shop.id}`);
    await call('GET', '/api/shops');

    ozon.plan = { pendingPolls: 0, outcome: 'imported' };
    const product = await insertPublishable(t);
    const { task_id } = (await call('POST', `/api/products/${product.id}/publish`, { shop_id: shop.id })).json<{ task_id: string }>();
    expect((await waitForFinalTask(t, task_id)).status).toBe('imported');
    await call('GET', `/api/publish/${task_id}`);

    expect(lines.length).toBeGreaterThan(5); // the capture works: requests were logged
    for (const key of KEYS) {
      for (const line of lines) expect(line).not.toContain(key);
      for (const body of bodies) expect(body).not.toContain(key);
    }
    // the keys did reach the marketplace, so their absence above is not an accident of the test
    expect(ozon.requests.some((r) => r.headers['api-key'] === GOOD_KEY)).toBe(true);
  });
});
