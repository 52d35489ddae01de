import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeOzon, startFakeOzon } from '../fakes/ozon.ts';
import { createUser, GOOD_PASSWORD, loginAs, passwordLogin } from '../helpers/accounts.ts';
import { bindActiveShop, GOOD_KEY, insertPublishable } from '../helpers/marketplace-app.ts';
import { PUBLIC_BASE } from '../helpers/publishable-product.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { makeArgon2PasswordHasher } from '../../src/adapters/crypto/argon2-password-hasher.ts';

type Entry = { actor: string; action: string; target: string | null; ip: string | null };

describe('accounts: the audit of shops and publishing, rehash on login, throttled logins', () => {
  let ozon: FakeOzon;
  let t: TestApp;
  beforeAll(async () => {
    ozon = await startFakeOzon();
    ozon.addKey('123456', GOOD_KEY);
    ozon.addKey('654321', GOOD_KEY);
    t = await startTestApp({ env: { OZON_API_URL: ozon.url, PUBLIC_BASE_URL: PUBLIC_BASE } });
  });
  afterAll(async () => {
    await t.close();
    await ozon.close();
  });

  const audit = async (): Promise<Entry[]> =>
    (await t.app.inject({ method: 'GET', url: '/api/audit?page_size=200', headers: t.auth })).json<{ items: Entry[] }>().items;

  it('records shop changes by the admin and publishing by an operator, never the API key', async () => {
    const shopId = await bindActiveShop(t);
    expect((await t.app.inject({ method: 'PATCH', url: `/api/shops/${shopId}`, headers: t.auth, payload: { name: '主店（新名）' } })).statusCode).toBe(200);
    const spare = await bindActiveShop(t, '654321');
    expect((await t.app.inject({ method: 'DELETE', url: `/api/shops/${spare}`, headers: t.auth })).statusCode).toBe(204);

    await createUser(t.app, t.auth, 'publisher');
    const operator = await loginAs(t.app, 'publisher');
    const product = await insertPublishable(t);
    const published = await t.app.inject({ method: 'POST', url: `/api/products/${product.id}/publish`, headers: operator, payload: { shop_id: shopId } });
    expect(published.statusCode).toBe(202);

    const entries = await audit();
    const actions = entries.map((entry) => `${entry.actor}:${entry.action}`);
    expect(actions).toEqual(expect.arrayContaining(['app-token:shop_created', 'app-token:shop_updated', 'app-token:shop_deleted', 'publisher:publish_sent']));
    expect(entries.find((entry) => entry.action === 'shop_updated')?.target).toBe(`主店（新名） (${shopId})`);
    expect(entries.find((entry) => entry.action === 'publish_sent')?.target).toContain(product.offer_id);
    expect(entries.every((entry) => entry.ip !== undefined)).toBe(true);
    expect(JSON.stringify(entries)).not.toContain(GOOD_KEY);
  });

  it('rehashes a password stored at an older cost at the next login', async () => {
    const { id } = await createUser(t.app, t.auth, 'oldtimer');
    const cheap = await makeArgon2PasswordHasher({ memoryCost: 8 * 1024, timeCost: 1, parallelism: 1 }).hash(GOOD_PASSWORD);
    await t.container.cradle.users.update(id, { password_hash: cheap });
    expect((await passwordLogin(t.app, 'oldtimer', GOOD_PASSWORD)).statusCode).toBe(200);
    const stored = (await t.container.cradle.users.findById(id))!.password_hash;
    expect(stored).not.toBe(cheap);
    expect(stored).toContain('m=19456');
    expect((await passwordLogin(t.app, 'oldtimer', GOOD_PASSWORD)).statusCode).toBe(200);
  });

  it('keeps user-name logins out of the app-token limit and audits the throttled ones', async () => {
    await createUser(t.app, t.auth, 'lockme');
    const address = '10.99.0.1';
    // More than the ten a minute an address gets for {token} logins: none of these is refused by that limit.
    for (let i = 0; i < 4; i++) expect((await passwordLogin(t.app, 'lockme', `wrong-guess-${i}x`, address)).statusCode).toBe(401);
    for (let i = 0; i < 7; i++) expect((await passwordLogin(t.app, 'lockme', GOOD_PASSWORD, address)).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) expect((await passwordLogin(t.app, 'lockme', `wrong-guess-${i}y`, address)).statusCode).toBe(401);
    const throttled = await passwordLogin(t.app, 'lockme', GOOD_PASSWORD, address);
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json<{ code: string }>().code).toBe('LOGIN_THROTTLED');
    expect((await passwordLogin(t.app, 'lockme', GOOD_PASSWORD, address)).statusCode).toBe(429);
    const entries = await audit();
    expect(entries[0]).toMatchObject({ actor: 'lockme', action: 'login_throttled', ip: address });
    // Hammering a locked name writes one row a minute, not one per try.
    expect(entries.filter((entry) => entry.action === 'login_throttled' && entry.actor === 'lockme')).toHaveLength(1);
  });
});
