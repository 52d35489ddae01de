import { type Clock } from '../../src/application/ports/clock.ts';
import { type Ids } from '../../src/application/ports/ids.ts';

/** A clock that stands still until a test moves it. */
export function makeTestClock(start = '2026-11-25T10:00:00.000Z'): Clock & { advance(ms: number): void; iso(): string } {
  let now = new Date(start).getTime();
  return {
    now: () => new Date(now),
    iso: () => new Date(now).toISOString(),
    advance(ms) {
      now += ms;
    },
  };
}

/** UUID-shaped ids counting up from 1, so a test can name the next one. */
export function makeSequentialIds(): Ids & { readonly nth: (n: number) => string } {
  let count = 0;
  const nth = (n: number) => `00000000-0000-4000-a000-${String(n).padStart(12, '0')}`;
  return { uuid: () => nth((count += 1)), nth };
}
