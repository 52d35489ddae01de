import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FX_SETTING_KEY } from '../../src/adapters/persistence/kysely-fx-rate-store.ts';
import { startFxFakes, type FxFakes } from '../fakes/fx.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

let fx: FxFakes;
const apps: TestApp[] = [];
beforeAll(async () => {
  fx = await startFxFakes();
});
afterEach(async () => {
  while (apps.length) await apps.pop()!.close();
});
afterAll(() => fx.close());

async function app(): Promise<TestApp> {
  const test = await startTestApp({ env: fx.env });
  apps.push(test);
  return test;
}

describe('GET /api/fx', () => {
  it('answers the first source with both timestamp names and keeps it in the database', async () => {
    fx.cbr = { kind: 'rate', rate: 11.0271, nominal: 10 };
    const test = await app();
    const response = await test.app.inject({ method: 'GET', url: '/api/fx', headers: test.auth });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ source: 'cbr', stale: false });
    expect(body.rate).toBeCloseTo(11.0271, 6);
    expect(body.ts).toBe(body.updated_at);
    const row = await test.container.cradle.db.selectFrom('settings').select('value').where('key', '=', FX_SETTING_KEY).executeTakeFirst();
    expect(JSON.parse(row!.value)).toMatchObject({ source: 'cbr' });
  });

  it('serves the stored last good value (stale) when every source fails, and 11.5 default without one', async () => {
    fx.cbr = { kind: 'fail', status: 500 };
    fx.erApi = { kind: 'garbage' };
    fx.currencyApi = { kind: 'rate', rate: 0.087 };
    const fresh = await app();
    expect((await fresh.app.inject({ method: 'GET', url: '/api/fx', headers: fresh.auth })).json()).toMatchObject({ rate: 11.5, source: 'default' });
    const test = await app();
    const recent = new Date(Date.now() - 3600_000).toISOString();
    await test.container.cradle.fxRateStore.save({ rate: 11.25, source: 'er-api', updated_at: recent });
    expect((await test.app.inject({ method: 'GET', url: '/api/fx', headers: test.auth })).json()).toEqual({
      rate: 11.25,
      source: 'er-api',
      updated_at: recent,
      ts: recent,
      stale: true,
    });
  });

  it('needs a bearer token', async () => {
    const test = await app();
    expect((await test.app.inject({ method: 'GET', url: '/api/fx' })).statusCode).toBe(401);
  });
});

describe('pricing endpoints', () => {
  it('POST /api/pricing/quote computes the worked examples without saving', async () => {
    const test = await app();
    const quote = (payload: Record<string, unknown>) => test.app.inject({ method: 'POST', url: '/api/pricing/quote', headers: test.auth, payload });
    const low = await quote({ cost_cny: 20, weight_g: 300, fx_rate: 11.5 });
    expect(low.json()).toMatchObject({ price: 593, old_price: 1186, currency_code: 'RUB', breakdown: { tier: 'low', logistics_cny: 13.5 } });
    const high = await quote({ cost_cny: 150, weight_g: 1200, fx_rate: 11.5, markup_percent: 30, reserve_discount_percent: 50, tier: 'auto' });
    expect(high.json()).toMatchObject({ price: 3962, old_price: 7924, breakdown: { tier: 'high', logistics_cny: 58 } });
    expect((await quote({ cost_cny: 20, weight_g: 300, fx_rate: 11.5, currency_code: 'CNY' })).json()).toMatchObject({ price: 51.57, currency_code: 'CNY' });
    expect((await quote({ cost_cny: 20, weight_g: 40_000, fx_rate: 11.5 })).json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: [{ path: '/weight_g' }],
    });
    expect((await quote({ cost_cny: -1, weight_g: 300 })).statusCode).toBe(422);
    expect((await quote({ cost_cny: 1, weight_g: 300, reserve_discount_percent: 96 })).statusCode).toBe(422);
    expect((await test.app.inject({ method: 'GET', url: '/api/products', headers: test.auth })).json().total).toBe(0);
  });

  it('GET /api/pricing/policy serves the table the web page computes with', async () => {
    const test = await app();
    const policy = (await test.app.inject({ method: 'GET', url: '/api/pricing/policy', headers: test.auth })).json();
    expect(policy.defaults).toEqual({ markup_percent: 30, reserve_discount_percent: 50, tier: 'auto' });
    expect(policy.tiers.map((t: { tier: string; net_ratio: number }) => [t.tier, t.net_ratio])).toEqual([
      ['low', 0.845],
      ['high', 0.785],
      ['high2', 0.785],
    ]);
    expect(policy.tiers[2].max_price_rub).toBeNull();
  });
});
