import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeOzon, startFakeOzon } from '../fakes/ozon.ts';
import { GOOD_KEY } from '../helpers/marketplace-app.ts';
import { startTestApp } from '../helpers/test-app.ts';

describe('rotating SECRET_KEY', () => {
  let ozon: FakeOzon;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lws-rotation-'));
  let shopId = '';

  beforeAll(async () => {
    ozon = await startFakeOzon();
    ozon.addKey('123456', GOOD_KEY);
    const before = await startTestApp({ dataDir, env: { OZON_API_URL: ozon.url }, secrets: { secretKey: 'the-old-secret-key' } });
    const created = await before.app.inject({
      method: 'POST',
      url: '/api/shops',
      headers: before.auth,
      payload: { name: '主店', client_id: '123456', api_key: GOOD_KEY, currency_code: 'RUB' },
    });
    shopId = created.json<{ id: string }>().id;
    await before.close();
  });
  afterAll(() => ozon.close());

  const testShop = async (secretKey: string, previous: string | undefined) => {
    const env: Record<string, string> = { OZON_API_URL: ozon.url, ...(previous ? { SECRET_KEY_PREVIOUS: previous } : {}) };
    const app = await startTestApp({ dataDir, env, secrets: { secretKey } });
    try {
      const response = await app.app.inject({ method: 'POST', url: `/api/shops/${shopId}/test`, headers: app.auth });
      return { status: response.statusCode, body: response.json<{ ok?: boolean; code?: string }>() };
    } finally {
      await app.close();
    }
  };

  it('cannot open shop keys sealed with a key it no longer has (the user re-enters the key)', async () => {
    const result = await testShop('the-new-secret-key', undefined);
    expect(result.status).toBe(409);
    expect(result.body.code).toBe('SHOP_KEY_UNREADABLE');
  });

  it('opens them when the old key is listed in SECRET_KEY_PREVIOUS', async () => {
    const result = await testShop('the-new-secret-key', 'some-other-key,the-old-secret-key');
    expect(result.status).toBe(200);
    expect(result.body.ok).toBe(true);
  });
});
