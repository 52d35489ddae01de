import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AcceptedRate, type FxRateStore } from '../../src/application/ports/fx-rate-store.ts';
import { makeGetFxRate } from '../../src/application/use-cases/get-fx-rate.ts';
import { makeCbrFxSource } from '../../src/adapters/fx/cbr.ts';
import { makeCurrencyApiFxSource } from '../../src/adapters/fx/currency-api.ts';
import { makeErApiFxSource } from '../../src/adapters/fx/er-api.ts';
import { startFxFakes, type FxFakes } from '../fakes/fx.ts';

/** An in-memory store that behaves like the settings-table adapter (async, keeps one value). */
function memoryStore(initial?: AcceptedRate): FxRateStore & { saved: AcceptedRate | undefined } {
  const store = {
    saved: initial,
    lastGood: async () => store.saved,
    save: async (rate: AcceptedRate) => {
      store.saved = rate;
    },
  };
  return store;
}

function clockAt(iso: string) {
  let now = Date.parse(iso);
  return { now: () => new Date(now), advance: (ms: number) => (now += ms) };
}

let fx: FxFakes;
beforeAll(async () => {
  fx = await startFxFakes();
});
afterAll(() => fx.close());

const TIMEOUT = 300;
const sources = () => [
  makeCbrFxSource({ url: fx.env.FX_CBR_URL!, timeoutMs: TIMEOUT }),
  makeErApiFxSource({ url: fx.env.FX_ERAPI_URL!, timeoutMs: TIMEOUT }),
  makeCurrencyApiFxSource({ url: fx.env.FX_CURRENCYAPI_URL!, timeoutMs: TIMEOUT }),
];
const setup = (store = memoryStore(), clock = clockAt('2026-11-21T12:00:00Z')) => ({
  store,
  clock,
  getFxRate: makeGetFxRate({ sources: sources(), store, clock, ttlMs: 3_600_000 }),
});

describe('GET /fx rate rules against fake sources', () => {
  it('takes the first source and divides CBR values by Nominal 10', async () => {
    fx.cbr = { kind: 'rate', rate: 11.0271, nominal: 10 };
    const { getFxRate, store } = setup();
    const rate = await getFxRate();
    expect(rate).toMatchObject({ source: 'cbr', stale: false, updated_at: '2026-11-21T12:00:00.000Z' });
    expect(rate.rate).toBeCloseTo(11.0271, 6);
    expect(store.saved?.rate).toBeCloseTo(11.0271, 6);
  });

  it('falls through a failing, garbage and out-of-range source in the fixed order', async () => {
    fx.cbr = { kind: 'garbage' };
    fx.erApi = { kind: 'rate', rate: 0.087 };
    fx.currencyApi = { kind: 'rate', rate: 11.4 };
    expect(await setup().getFxRate()).toMatchObject({ rate: 11.4, source: 'currency-api' });
    fx.cbr = { kind: 'fail', status: 503 };
    fx.erApi = { kind: 'fail', status: 429 };
    expect(await setup().getFxRate()).toMatchObject({ rate: 11.4, source: 'currency-api' });
  });

  it('moves past a hanging source after its timeout', async () => {
    fx.cbr = { kind: 'hang' };
    fx.erApi = { kind: 'rate', rate: 11.3 };
    expect(await setup().getFxRate()).toMatchObject({ rate: 11.3, source: 'er-api' });
  });

  it('treats a CBR quote per 10 read without the nominal (115) as out of range', async () => {
    fx.cbr = { kind: 'rate', rate: 115, nominal: 1 };
    fx.erApi = { kind: 'rate', rate: 11.3 };
    expect(await setup().getFxRate()).toMatchObject({ source: 'er-api' });
  });

  it('serves the last good value under 72 h as stale, else 11.5 default', async () => {
    fx.cbr = { kind: 'fail', status: 500 };
    fx.erApi = { kind: 'garbage' };
    fx.currencyApi = { kind: 'rate', rate: 30 };
    const lastGood = { rate: 11.1, source: 'cbr' as const, updated_at: '2026-11-20T12:00:00.000Z' };
    expect(await setup(memoryStore(lastGood)).getFxRate()).toEqual({ ...lastGood, stale: true });
    const old = { ...lastGood, updated_at: '2026-11-17T12:00:00.000Z' };
    expect(await setup(memoryStore(old)).getFxRate()).toMatchObject({ rate: 11.5, source: 'default' });
    expect(await setup().getFxRate()).toMatchObject({ rate: 11.5, source: 'default', stale: true });
  });

  it('after every source failed, serves the fallback for a minute before asking again', async () => {
    fx.cbr = { kind: 'fail', status: 500 };
    fx.erApi = { kind: 'fail', status: 500 };
    fx.currencyApi = { kind: 'fail', status: 500 };
    const { getFxRate, clock } = setup();
    const before = fx.hits('cbr');
    await getFxRate();
    await getFxRate();
    expect(fx.hits('cbr') - before).toBe(1);
    fx.cbr = { kind: 'rate', rate: 11.7 };
    clock.advance(60_001);
    expect(await getFxRate()).toMatchObject({ rate: 11.7, source: 'cbr', stale: false });
  });

  it('caches for the TTL and lets concurrent callers share one refresh', async () => {
    fx.cbr = { kind: 'rate', rate: 11.2 };
    const { getFxRate, clock } = setup();
    const before = fx.hits('cbr');
    const answers = await Promise.all(Array.from({ length: 20 }, () => getFxRate()));
    expect(new Set(answers.map((a) => a.rate))).toEqual(new Set([11.2]));
    expect(fx.hits('cbr') - before).toBe(1);
    await getFxRate();
    expect(fx.hits('cbr') - before).toBe(1);
    clock.advance(3_600_001);
    fx.cbr = { kind: 'rate', rate: 11.6 };
    expect((await getFxRate()).rate).toBe(11.6);
    expect(fx.hits('cbr') - before).toBe(2);
  });
});
