/** Small helpers for bodies read as they arrive (downloads, uploads): never gathered whole. */

/** Reads at least `bytes` leading bytes (fewer when the body is shorter). */
export async function readHead(chunks: AsyncIterator<Uint8Array>, bytes: number): Promise<Uint8Array> {
  let head: Uint8Array = new Uint8Array(0);
  for (let next = await chunks.next(); !next.done; next = await chunks.next()) {
    head = head.length === 0 ? next.value : Buffer.concat([head, next.value]);
    if (head.length >= bytes) break;
  }
  return head;
}

/** The body with its head put back in front; errors met later pass through `mapError`. */
export async function* withHead(
  head: Uint8Array,
  rest: AsyncIterator<Uint8Array>,
  mapError: (error: unknown) => unknown = (error) => error,
): AsyncGenerator<Uint8Array> {
  if (head.byteLength > 0) yield head;
  try {
    for (let next = await rest.next(); !next.done; next = await rest.next()) yield next.value;
  } catch (error) {
    throw mapError(error);
  }
}

/** Reads a body to its end, dropping the bytes (a request body that must be consumed but is not wanted). */
export async function drain(body: AsyncIterable<Uint8Array>): Promise<void> {
  for await (const _chunk of body) {
    // dropped
  }
}

/**
 * Gathers a body that is held whole (an image to decode), refusing it with `tooLarge` as soon as it passes `maxBytes`:
 * at most `maxBytes` are ever held, and the rest is not read.
 */
export async function gatherUpTo(body: AsyncIterable<Uint8Array>, maxBytes: number, tooLarge: () => Error): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let total = 0;
  for await (const chunk of body) {
    total += chunk.byteLength;
    if (total > maxBytes) throw tooLarge();
    chunks.push(chunk);
  }
  return new Uint8Array(Buffer.concat(chunks));
}
