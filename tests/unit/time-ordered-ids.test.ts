import { describe, expect, it } from 'vitest';
import { makeTimeOrderedIds } from '../../src/infrastructure/time-ordered-ids.ts';

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const millisecondsOf = (id: string): number => parseInt(id.replace(/-/g, '').slice(0, 12), 16);

describe('time-ordered ids (UUIDv7)', () => {
  it('carries version 7, the RFC variant and the clock in its first 48 bits', () => {
    const id = makeTimeOrderedIds(() => 1_764_000_000_123)();
    expect(id).toMatch(UUID_V7);
    expect(millisecondsOf(id)).toBe(1_764_000_000_123);
  });

  it('sorts every new id after the previous one: within a millisecond, past 4 096 in one, and when the clock steps back', () => {
    // 5 000 ids in millisecond 5 (more than the 12-bit sequence holds), 1 000 with the clock back at 4, 1 000 at 9.
    const clockAt = (call: number): number => (call < 5_000 ? 5 : call < 6_000 ? 4 : 9);
    let call = 0;
    const next = makeTimeOrderedIds(() => clockAt(call++));
    const ids = Array.from({ length: 7_000 }, next);
    expect(ids.every((id) => UUID_V7.test(id))).toBe(true);
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
    expect(millisecondsOf(ids[0]!)).toBe(5);
    expect(millisecondsOf(ids[4_999]!)).toBeGreaterThan(5);
    expect(millisecondsOf(ids[5_000]!)).toBe(millisecondsOf(ids[4_999]!));
    expect(millisecondsOf(ids[6_000]!)).toBe(9);
  });

  it('keeps 62 random bits per id, so one id does not tell the next', () => {
    const next = makeTimeOrderedIds(() => 1_764_000_000_000);
    const tails = new Set(Array.from({ length: 1_000 }, () => next().slice(19)));
    expect(tails.size).toBe(1_000);
  });
});
