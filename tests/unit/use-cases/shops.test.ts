import { describe, expect, it } from 'vitest';
import { makeAesGcmSecretBox } from '../../../src/adapters/crypto/aes-gcm-secret-box.ts';
import { type Marketplace, type MarketplaceCredentials } from '../../../src/application/ports/marketplace.ts';
import { type PublishTaskRepository } from '../../../src/application/ports/publish-task-repository.ts';
import { makeShopAccess, shopKeyContext } from '../../../src/application/shop-access.ts';
import { makeCreateShop } from '../../../src/application/use-cases/create-shop.ts';
import { makeDeleteShop } from '../../../src/application/use-cases/delete-shop.ts';
import { makeGetShop } from '../../../src/application/use-cases/get-shop.ts';
import { makeListShops } from '../../../src/application/use-cases/list-shops.ts';
import { makeTestShop } from '../../../src/application/use-cases/test-shop.ts';
import { makeUpdateShop } from '../../../src/application/use-cases/update-shop.ts';
import { type ShopTestOutcome } from '../../../src/domain/shops/shop.ts';
import { makeSequentialIds, makeTestClock } from '../../in-memory/clock-and-ids.ts';
import { makeInMemoryShopRepository } from '../../in-memory/in-memory-shop-repository.ts';

// Made once: deriving a box's key is deliberately slow, and a box holds no state.
const SECRET_BOX = makeAesGcmSecretBox('unit-test-secret');
const OLD_SECRET_BOX = makeAesGcmSecretBox('old-secret');

/** Shop use cases on the in-memory shop repository and the real AES-GCM box; the marketplace accepts one key. */
function shopKit() {
  const shops = makeInMemoryShopRepository();
  const secretBox = SECRET_BOX;
  const clock = makeTestClock();
  const ids = makeSequentialIds();
  const shopAccess = makeShopAccess({ shops, secretBox });
  const asked: MarketplaceCredentials[] = [];
  const marketplace = {
    async testCredentials(credentials: MarketplaceCredentials): Promise<ShopTestOutcome> {
      asked.push(credentials);
      if (credentials.apiKey === 'unreachable') throw new Error('ECONNRESET');
      return credentials.apiKey === 'good-key-1234'
        ? { ok: true, roles: ['Admin'], expires_at: '2027-01-01T00:00:00.000Z' }
        : { ok: false, reason: 'INVALID_API_KEY', detail: 'Key 无效' };
    },
  } as Pick<Marketplace, 'testCredentials'> as Marketplace;
  // Delete reads one fact of the publish tasks: whether one still waits for its result through the shop.
  const waiting = new Set<string>();
  const publishTasks = { hasPendingForShop: async (shopId: string) => waiting.has(shopId) } as Pick<
    PublishTaskRepository,
    'hasPendingForShop'
  > as PublishTaskRepository;
  return {
    shops,
    secretBox,
    clock,
    ids,
    shopAccess,
    asked,
    waiting,
    createShop: makeCreateShop({ shops, secretBox, clock, ids }),
    updateShop: makeUpdateShop({ shops, secretBox, clock, listWarehouses: async () => [] }),
    testShop: makeTestShop({ shops, shopAccess, marketplace, clock }),
    deleteShop: makeDeleteShop({ shops, publishTasks }),
  };
}

const INPUT = { name: '  Мой магазин ', client_id: '123456', api_key: 'good-key-1234', currency_code: 'RUB' as const };

describe('create shop', () => {
  it('stores an unverified shop with its key sealed to the shop’s id and only the last four characters shown', async () => {
    const kit = shopKit();
    const shop = await kit.createShop(INPUT);
    expect(shop).toMatchObject({ id: kit.ids.nth(1), name: 'Мой магазин', client_id: '123456', api_key_last4: '1234', status: 'unverified', roles: [] });
    expect(await kit.shops.findById(shop.id)).toEqual(shop);
    expect(shop.api_key_sealed).not.toContain('good-key');
    expect(kit.secretBox.open(shop.api_key_sealed, shopKeyContext(shop.id))).toBe('good-key-1234');
    expect(() => kit.secretBox.open(shop.api_key_sealed, shopKeyContext('another-shop'))).toThrow();
  });
});

describe('test shop', () => {
  it('activates a shop whose key the marketplace accepts, sending it the opened key', async () => {
    const kit = shopKit();
    const shop = await kit.createShop(INPUT);
    kit.clock.advance(60_000);
    expect(await kit.testShop(shop.id)).toMatchObject({ ok: true });
    expect(kit.asked).toEqual([{ clientId: '123456', apiKey: 'good-key-1234' }]);
    expect(await kit.shops.findById(shop.id)).toMatchObject({
      status: 'active',
      roles: ['Admin'],
      key_expires_at: '2027-01-01T00:00:00.000Z',
      last_tested_at: kit.clock.iso(),
    });
  });

  it('marks a rejected key invalid, and leaves the shop as it was when the marketplace cannot be reached', async () => {
    const kit = shopKit();
    const bad = await kit.createShop({ ...INPUT, api_key: 'wrong-key' });
    expect(await kit.testShop(bad.id)).toMatchObject({ ok: false, reason: 'INVALID_API_KEY' });
    expect((await kit.shops.findById(bad.id))?.status).toBe('invalid');
    const cut = await kit.createShop({ ...INPUT, api_key: 'unreachable' });
    await expect(kit.testShop(cut.id)).rejects.toThrow('ECONNRESET');
    expect(await kit.shops.findById(cut.id)).toEqual(cut);
    await expect(kit.testShop(kit.ids.nth(99))).rejects.toMatchObject({ code: 'SHOP_NOT_FOUND' });
  });

  it('says the key is unreadable (409) when it was sealed under another secret', async () => {
    const kit = shopKit();
    const shop = await kit.createShop(INPUT);
    await kit.shops.update({ ...shop, api_key_sealed: OLD_SECRET_BOX.seal('good-key-1234', shopKeyContext(shop.id)) });
    await expect(kit.testShop(shop.id)).rejects.toMatchObject({ code: 'SHOP_KEY_UNREADABLE' });
    expect(kit.asked).toEqual([]);
  });
});

describe('update shop', () => {
  it('renames without touching the verification; a new key resets it and is sealed again', async () => {
    const kit = shopKit();
    const shop = await kit.createShop(INPUT);
    await kit.testShop(shop.id);
    expect(await kit.updateShop({ id: shop.id, name: ' Новое имя ', currency_code: 'CNY' })).toMatchObject({
      name: 'Новое имя',
      currency_code: 'CNY',
      status: 'active',
    });
    const rekeyed = await kit.updateShop({ id: shop.id, client_id: '999', api_key: 'next-key-9876' });
    expect(rekeyed).toMatchObject({ client_id: '999', api_key_last4: '9876', status: 'unverified', roles: [], last_tested_at: null });
    const stored = await kit.shops.findById(shop.id);
    expect(kit.secretBox.open(stored!.api_key_sealed, shopKeyContext(shop.id))).toBe('next-key-9876');
  });

  it('refuses a new Client-Id without a new key (422) and an unknown shop (404), changing nothing', async () => {
    const kit = shopKit();
    const shop = await kit.createShop(INPUT);
    await expect(kit.updateShop({ id: shop.id, client_id: '999' })).rejects.toMatchObject({ code: 'API_KEY_REQUIRED', problems: [{ path: '/api_key' }] });
    await expect(kit.updateShop({ id: kit.ids.nth(99), name: 'X' })).rejects.toMatchObject({ code: 'SHOP_NOT_FOUND' });
    expect(await kit.shops.findById(shop.id)).toEqual(shop);
  });
});

describe('delete shop and shop access', () => {
  it('keeps a shop a publish still waits on (409), deletes it once none does, and 404s after', async () => {
    const kit = shopKit();
    const shop = await kit.createShop(INPUT);
    kit.waiting.add(shop.id);
    await expect(kit.deleteShop(shop.id)).rejects.toMatchObject({ code: 'SHOP_PUBLISH_PENDING' });
    expect(await kit.shops.findById(shop.id)).toBeDefined();
    kit.waiting.clear();
    await kit.deleteShop(shop.id);
    expect(await kit.shops.findById(shop.id)).toBeUndefined();
    await expect(kit.deleteShop(shop.id)).rejects.toMatchObject({ code: 'SHOP_NOT_FOUND' });
  });

  it('resolves no shop id to the single active shop, and asks for one (422) when none or several are active', async () => {
    const kit = shopKit();
    await expect(kit.shopAccess.resolve(undefined)).rejects.toMatchObject({ code: 'SHOP_REQUIRED' });
    const first = await kit.createShop(INPUT);
    const second = await kit.createShop({ ...INPUT, name: 'Второй' });
    await kit.testShop(first.id);
    expect((await kit.shopAccess.resolve(undefined)).id).toBe(first.id);
    expect((await kit.shopAccess.resolve(second.id)).id).toBe(second.id);
    await kit.testShop(second.id);
    await expect(kit.shopAccess.resolve(undefined)).rejects.toMatchObject({ code: 'SHOP_REQUIRED', problems: [{ path: 'shop_id' }] });
  });
});

describe('get and list shops', () => {
  it('shows one shop (404 when unknown) and pages them newest-updated first', async () => {
    const kit = shopKit();
    const first = await kit.createShop(INPUT);
    kit.clock.advance(1_000);
    const second = await kit.createShop({ ...INPUT, name: 'Второй' });
    kit.clock.advance(1_000);
    await kit.updateShop({ id: first.id, name: 'Первый' });
    expect((await makeGetShop(kit)(second.id)).name).toBe('Второй');
    await expect(makeGetShop(kit)(kit.ids.nth(99))).rejects.toMatchObject({ code: 'SHOP_NOT_FOUND' });
    const page = await makeListShops(kit)({ page: 1, pageSize: 1 });
    expect([page.total, page.items.map((shop) => shop.name)]).toEqual([2, ['Первый']]);
  });
});
