/** Spaces calls per key (one shop's Client-Id) evenly so no second sees more than `perSecond` of them. */
export type RateLimiter = {
  /** Reserves the next slot for `key` and answers how long to wait for it (0 = go now); undefined, reserving nothing, when that is beyond `maxWaitMs`. */
  reserve(key: string, maxWaitMs?: number): number | undefined;
  /** Holds back every call of `key` for `ms` (the marketplace said Retry-After). */
  pause(key: string, ms: number): void;
  /** Waits for the next slot of `key`; false, without waiting, when it is more than `maxWaitMs` away. */
  take(key: string, maxWaitMs?: number): Promise<boolean>;
};

export type RateLimiterOptions = {
  readonly perSecond: number;
  readonly now?: () => number;
  readonly sleep?: (ms: number) => Promise<void>;
};

const realSleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

export function makeRateLimiter({ perSecond, now = Date.now, sleep = realSleep }: RateLimiterOptions): RateLimiter {
  const interval = 1000 / perSecond;
  const nextSlot = new Map<string, number>();
  const reserve = (key: string, maxWaitMs = Number.POSITIVE_INFINITY): number | undefined => {
    const current = now();
    const slot = Math.max(current, nextSlot.get(key) ?? 0);
    if (slot - current > maxWaitMs) return undefined;
    nextSlot.set(key, slot + interval);
    return slot - current;
  };
  return {
    reserve,
    pause(key, ms) {
      nextSlot.set(key, Math.max(nextSlot.get(key) ?? 0, now() + ms));
    },
    async take(key, maxWaitMs) {
      const wait = reserve(key, maxWaitMs);
      if (wait === undefined) return false;
      if (wait > 0) await sleep(wait);
      return true;
    },
  };
}
