import v8 from 'node:v8';
import vm from 'node:vm';

/** Streamed bytes between two young-generation collections: the most dead socket buffers a transfer leaves behind. */
export const RELEASE_EVERY_BYTES = 2 * 1024 * 1024;

type Collect = () => void;

let minorCollection: Collect | null | undefined;

/**
 * V8's young-generation collection, or null where it cannot be had. Exposing it creates no global `gc`: the flag
 * only gives the function to a context made after it, and only this module holds that context's function.
 */
function youngCollector(): Collect | null {
  if (minorCollection !== undefined) return minorCollection;
  try {
    v8.setFlagsFromString('--expose-gc');
    const gc = vm.runInNewContext('gc') as (options: { type: 'minor' }) => void;
    minorCollection = () => gc({ type: 'minor' });
  } catch {
    minorCollection = null;
  }
  return minorCollection;
}

/**
 * Passes a large body through unchanged, collecting the young generation after every `every` bytes. Each 64 KB
 * socket read is a new buffer, dead once written; Node 20's V8 frees them at a scavenge, which a stream of few
 * small objects rarely fills, or once ~32 MB of them are outstanding — so a 100 MB video left ~32 MB of dead buffers
 * in RSS (bench "Intake: a 100 MB video download"). A scavenge of the few live young objects takes ~0.2 ms; at one
 * per 2 MB a 100 MB transfer pays ~10 ms for a bound of ~2 MB. Only the object stores' streamed puts (videos) use it.
 */
export async function* releasingDeadBuffers(
  body: AsyncIterable<Uint8Array>,
  every = RELEASE_EVERY_BYTES,
  collect: Collect | null = youngCollector(),
): AsyncGenerator<Uint8Array> {
  let since = 0;
  for await (const chunk of body) {
    yield chunk;
    since += chunk.byteLength;
    if (collect && since >= every) {
      since = 0;
      collect();
    }
  }
}
