import { describe, expect, it } from 'vitest';
import { type FxSource } from '../../../src/application/ports/fx-source.ts';
import { makeGetFxRate } from '../../../src/application/use-cases/get-fx-rate.ts';
import { makeTestClock } from '../../in-memory/clock-and-ids.ts';
import { makeInMemoryFxRateStore } from '../../in-memory/in-memory-fx-rate-store.ts';

/** A source answering what the test says next (a number, or an error), counting the times it was asked. */
function scriptedSource(name: FxSource['name'], answers: (number | Error)[]) {
  const source = {
    name,
    asked: 0,
    async fetchRate() {
      source.asked += 1;
      const next = answers.length > 1 ? answers.shift()! : answers[0]!;
      if (next instanceof Error) throw next;
      return next;
    },
  };
  return source;
}

function fxKit(cbr: (number | Error)[], erApi: (number | Error)[]) {
  const clock = makeTestClock();
  const store = makeInMemoryFxRateStore();
  const sources = [scriptedSource('cbr', cbr), scriptedSource('er-api', erApi)] as const;
  const failures: string[] = [];
  const getFxRate = makeGetFxRate({
    sources,
    store,
    clock,
    ttlMs: 3_600_000,
    retryAfterFailureMs: 60_000,
    onSourceFailure: (source, reason) => void failures.push(`${source}: ${reason}`),
  });
  return { clock, store, sources, failures, getFxRate };
}

describe('get fx rate', () => {
  it('takes the first source in order, keeps it for the TTL, saves it, and shares one refresh between callers', async () => {
    const kit = fxKit([12.1, 12.4], [13]);
    const [first, second] = await Promise.all([kit.getFxRate(), kit.getFxRate()]);
    expect(first).toEqual({ rate: 12.1, source: 'cbr', updated_at: kit.clock.iso(), stale: false });
    expect(second).toEqual(first);
    expect(await kit.store.lastGood()).toEqual({ rate: 12.1, source: 'cbr', updated_at: kit.clock.iso() });
    kit.clock.advance(3_599_999);
    expect((await kit.getFxRate()).rate).toBe(12.1);
    expect([kit.sources[0].asked, kit.sources[1].asked]).toEqual([1, 0]);
    kit.clock.advance(1);
    expect((await kit.getFxRate()).rate).toBe(12.4);
  });

  it('skips a failing source and a value outside 5..25, telling why', async () => {
    const kit = fxKit([new Error('timeout')], [250]);
    const fallback = await kit.getFxRate();
    expect(fallback).toMatchObject({ rate: 11.5, source: 'default', stale: true });
    expect(kit.failures).toEqual(['cbr: timeout', 'er-api: value 250 outside 5..25']);
  });

  it('falls back to the last accepted rate while under 72 h old, then to the default, retrying the sources after a minute', async () => {
    const kit = fxKit([12.3, new Error('down')], [new Error('down')]);
    await kit.getFxRate();
    kit.clock.advance(3_600_000);
    expect(await kit.getFxRate()).toMatchObject({ rate: 12.3, source: 'cbr', stale: true });
    kit.clock.advance(30_000);
    await kit.getFxRate();
    expect(kit.sources[0].asked).toBe(2);
    kit.clock.advance(72 * 3_600_000);
    expect(await kit.getFxRate()).toMatchObject({ rate: 11.5, source: 'default', stale: true, updated_at: kit.clock.iso() });
    expect(kit.sources[0].asked).toBe(3);
  });
});
