import { describe, expect, it } from 'vitest';
import { RELEASE_EVERY_BYTES, releasingDeadBuffers } from '../../src/adapters/storage/release-dead-buffers.ts';

async function* chunks(sizes: readonly number[]): AsyncGenerator<Uint8Array> {
  for (const [index, size] of sizes.entries()) yield new Uint8Array(size).fill(index);
}

/** Runs the body through, noting after which chunk each collection came. */
async function passThrough(sizes: readonly number[], every: number) {
  const collectedAfter: number[] = [];
  const out: Uint8Array[] = [];
  for await (const chunk of releasingDeadBuffers(chunks(sizes), every, () => collectedAfter.push(out.length))) out.push(chunk);
  return { out, collectedAfter };
}

describe('releasing dead buffers of a streamed body', () => {
  it('passes every chunk through unchanged and in order', async () => {
    const sizes = [5, 64, 0, 17, 1024];
    const { out } = await passThrough(sizes, 100);
    expect(out.map((chunk) => chunk.byteLength)).toEqual(sizes);
    expect(out.map((chunk) => chunk[0] ?? null)).toEqual([0, 1, null, 3, 4]);
  });

  it('collects once each time the bytes since the last collection reach the threshold, after the chunk went on', async () => {
    // 60, 120 (collect), 60, 120 (collect), 250 (collect), 10: the count restarts at each collection.
    const { collectedAfter } = await passThrough([60, 60, 60, 60, 250, 10], 100);
    expect(collectedAfter).toEqual([2, 4, 5]);
  });

  it('works without a collector, and the real one is V8’s young-generation collection', async () => {
    const plain: Uint8Array[] = [];
    for await (const chunk of releasingDeadBuffers(chunks([3, 4]), 1, null)) plain.push(chunk);
    expect(plain.map((chunk) => chunk.byteLength)).toEqual([3, 4]);
    const real: Uint8Array[] = [];
    for await (const chunk of releasingDeadBuffers(chunks([RELEASE_EVERY_BYTES, 1]))) real.push(chunk);
    expect(real.map((chunk) => chunk.byteLength)).toEqual([RELEASE_EVERY_BYTES, 1]);
    expect('gc' in globalThis && typeof (globalThis as { gc?: unknown }).gc === 'function' && process.execArgv.includes('--expose-gc')).toBe(false);
  });
});
