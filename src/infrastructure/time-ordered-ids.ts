import { randomFillSync } from 'node:crypto';

/** Random bytes are drawn this many ids at a time (one getrandom call), as `crypto.randomUUID` does. */
const IDS_PER_DRAW = 256;
const SEQUENCE_LIMIT = 0xfff;

/**
 * UUIDv7 (RFC 9562): 48 bits of Unix milliseconds, then 12 bits of sequence and 62 random bits. New ids sort
 * after older ones, so every index keyed by a new id (products, assets, their sources, the search rows) grows at
 * its right edge: a collected page of 30 images dirties a few index pages instead of one random page per image
 * (~100 WAL pages per collect with v4 ids against a 100 000-product database; see docs/decisions.md). Within
 * one process ids are strictly increasing: the sequence counts up within a millisecond (from a random start
 * below half its range) and a clock that steps back is held at the last millisecond used. The 62 random bits
 * stay fresh per id, so an id does not tell its neighbours (stored images' paths carry ids).
 */
export function makeTimeOrderedIds(now: () => number = Date.now): () => string {
  const pool = Buffer.alloc(16 * IDS_PER_DRAW);
  let offset = pool.length;
  let lastMs = -1;
  let sequence = 0;
  return () => {
    if (offset === pool.length) {
      randomFillSync(pool);
      offset = 0;
    }
    const at = offset;
    offset += 16;
    let ms = now();
    if (ms > lastMs) sequence = ((pool[at + 6]! << 8) | pool[at + 7]!) & (SEQUENCE_LIMIT >> 1);
    else if (sequence < SEQUENCE_LIMIT) [ms, sequence] = [lastMs, sequence + 1];
    else [ms, sequence] = [lastMs + 1, 0];
    lastMs = ms;
    // Written into the pool in place: a Buffer view per id was most of what making one allocated.
    pool.writeUIntBE(ms, at, 6);
    pool[at + 6] = 0x70 | (sequence >> 8);
    pool[at + 7] = sequence & 0xff;
    pool[at + 8] = 0x80 | (pool[at + 8]! & 0x3f);
    const hex = pool.toString('hex', at, at + 16);
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  };
}
