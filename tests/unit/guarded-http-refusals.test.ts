import diagnostics from 'node:diagnostics_channel';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeGuardedHttp } from '../../src/adapters/outbound/guarded-http.ts';
import { DomainError } from '../../src/domain/common/errors.ts';

const OPTIONS = { maxBytes: 1024 * 1024, timeoutMs: 30_000 };

/** What a refused fetch throws: the code and the Chinese detail the asset is marked failed with. */
async function refusal(promise: Promise<unknown>): Promise<{ code: string; detail: string } | 'fetched'> {
  try {
    await promise;
    return 'fetched';
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return { code: error.code, detail: error.detail };
  }
}

describe('guarded client refusals', () => {
  // undici announces every connection attempt on this public channel, whichever pool or client makes it.
  let connects = 0;
  const onConnect = (): void => void (connects += 1);
  beforeEach(() => {
    connects = 0;
    diagnostics.subscribe('undici:client:beforeConnect', onConnect);
  });
  afterEach(() => void diagnostics.unsubscribe('undici:client:beforeConnect', onConnect));

  const strict = makeGuardedHttp({ allowPrivate: false, resolve: async () => [{ address: '10.0.0.7', family: 4 }] });
  afterAll(() => strict.close());

  // A backlog of such URLs used to build an undici pool per try: the agent made one for the origin, the connector
  // refused, the agent dropped it.
  it('refuses a literal private address before undici sees it: no pool, no connection attempt', async () => {
    const urls = ['http://127.0.0.1:1/x.jpg', 'http://10.1.2.3/a.png', 'http://[::1]:8080/b.jpg', 'http://2130706433/c.jpg', 'https://[::ffff:7f00:1]/d.jpg'];
    for (let round = 0; round < 200; round += 1) {
      for (const url of urls) expect(await refusal(strict.get(url, OPTIONS))).toEqual({ code: 'OUTBOUND_REFUSED', detail: '禁止访问内网或保留地址' });
    }
    expect(connects).toBe(0);
  });

  it('still refuses a name that resolves to a private address where it connects (the channel sees that attempt)', async () => {
    expect(await refusal(strict.get('http://intranet.example/x.jpg', OPTIONS))).toEqual({ code: 'OUTBOUND_REFUSED', detail: '禁止访问内网或保留地址' });
    expect(connects).toBe(1);
  });

  it('lets a literal private address through with OUTBOUND_ALLOW_PRIVATE (it is then tried and fails to connect)', async () => {
    const open = makeGuardedHttp({ allowPrivate: true });
    expect(await refusal(open.get('http://127.0.0.1:1/x.jpg', OPTIONS))).toMatchObject({ code: 'OUTBOUND_FAILED' });
    expect(connects).toBe(1);
    await open.close();
  });
});
