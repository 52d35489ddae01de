import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeOzon } from '../fakes/ozon.ts';
import { type ShopApp, startShopApp } from '../helpers/marketplace-app.ts';
import { type TestApp } from '../helpers/test-app.ts';

describe('GET /api/shops/{id}/limits', () => {
  let ozon: FakeOzon;
  let t: TestApp;
  let shopId: string;

  let app: ShopApp;
  beforeAll(async () => {
    app = await startShopApp();
    ({ ozon, t, shopId } = app);
  });
  afterAll(() => app.close());

  const limits = (id = shopId) => t.app.inject({ method: 'GET', url: `/api/shops/${id}/limits`, headers: t.auth });

  it('answers the marketplace quotas as it reports them now, -1 meaning none', async () => {
    ozon.limits = {
      daily_create: { limit: 100, usage: 37, reset_at: '2026-11-26T00:00:00Z' },
      daily_update: { limit: -1, usage: 5, reset_at: '2026-11-26T00:00:00Z' },
      total: { limit: 1000, usage: 412, quota_by_category: { category_id: 17028922, limit: 50, usage: 48 } },
      operation_limits: { limit: 300, limit_type: 'RATE_LIMIT_PER_MINUTE' },
    };
    const response = await limits();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      daily_create: { limit: 100, usage: 37, reset_at: '2026-11-26T00:00:00.000Z' },
      daily_update: { limit: -1, usage: 5, reset_at: '2026-11-26T00:00:00.000Z' },
      operation_limits: { limit: 300, limit_type: 'RATE_LIMIT_PER_MINUTE' },
      total: { limit: 1000, usage: 412, quota_by_category: [{ category_id: 17028922, limit: 50, usage: 48 }] },
    });
    ozon.limits.daily_create.usage = 38;
    expect((await limits()).json()).toMatchObject({ daily_create: { usage: 38 } });
  });

  it('without operation_limits or category quotas: null and an empty list', async () => {
    ozon.limits = {
      daily_create: { limit: -1, usage: 0, reset_at: '2026-11-26T00:00:00Z' },
      daily_update: { limit: -1, usage: 0, reset_at: '2026-11-26T00:00:00Z' },
      total: { limit: -1, usage: 0 },
    };
    expect((await limits()).json()).toMatchObject({ operation_limits: null, total: { limit: -1, usage: 0, quota_by_category: [] } });
  });

  it('the shop carries key_expires_at from the roles method once tested', async () => {
    const shop = await t.app.inject({ method: 'GET', url: `/api/shops/${shopId}`, headers: t.auth });
    expect(shop.json()).toMatchObject({ key_expires_at: '2027-02-18T09:54:23.296Z' });
  });

  it('502 when the marketplace is unreachable, 404 for an unknown shop', async () => {
    ozon.down = true;
    try {
      const response = await limits();
      expect(response.statusCode).toBe(502);
      expect(response.json<{ detail: string }>().detail).toMatch(/\p{Script=Han}/u);
    } finally {
      ozon.down = false;
    }
    expect((await limits('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });
});
