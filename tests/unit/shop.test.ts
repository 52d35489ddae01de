import { describe, expect, it } from 'vitest';
import { REQUIRED_METHODS, changeShop, maskApiKey, missingMethods, newShop, recordShopTest } from '../../src/domain/shops/shop.ts';

const T0 = '2026-11-21T10:00:00.000Z';
const T1 = '2026-11-21T11:00:00.000Z';
const shop = () => newShop({ id: 's1', name: 'Main', client_id: '123', api_key_sealed: 'sealed', api_key_last4: 'abcd', currency_code: 'RUB' }, T0);

describe('shop', () => {
  it('masks the key as four stars and the last four characters', () => {
    expect(maskApiKey('abcd')).toBe('****abcd');
  });

  it('a passed test makes the shop active with roles and expiry; a rejection makes it invalid', () => {
    const active = recordShopTest(shop(), { ok: true, roles: ['Admin'], expires_at: '2027-01-01T00:00:00.000Z' }, T1);
    expect(active).toMatchObject({ status: 'active', roles: ['Admin'], key_expires_at: '2027-01-01T00:00:00.000Z', last_tested_at: T1 });
    expect(recordShopTest(active, { ok: false, reason: 'INVALID_API_KEY', detail: '' }, T1)).toMatchObject({ status: 'invalid' });
  });

  it('new credentials reset the verification; a rename does not', () => {
    const active = recordShopTest(shop(), { ok: true, roles: ['Admin'], expires_at: null }, T1);
    expect(changeShop(active, { name: 'Renamed' }, T1)).toMatchObject({ name: 'Renamed', status: 'active' });
    const rekeyed = changeShop(active, { credentials: { client_id: '456', api_key_sealed: 'new', api_key_last4: 'wxyz' } }, T1);
    expect(rekeyed).toMatchObject({ client_id: '456', api_key_last4: 'wxyz', status: 'unverified', roles: [], last_tested_at: null });
  });

  it('lists the required methods no role grants', () => {
    expect(missingMethods([{ methods: [...REQUIRED_METHODS] }])).toEqual([]);
    expect(missingMethods([{ methods: ['/v1/roles'] }, { methods: ['/v3/product/import'] }])).toEqual(
      REQUIRED_METHODS.filter((m) => m !== '/v3/product/import'),
    );
  });
});
