import { type FastifyRequest } from 'fastify';
import { invalid } from '../../domain/errors.ts';

/**
 * PostgreSQL text cannot hold U+0000: a name or a `q` with one failed in the database as a 500. No seller types it,
 * so every string a request brings (query, path, JSON body, keys included) is refused with it, on both databases.
 * Bytes are not walked: a raw upload's Buffer (or a stream) is not text.
 */
const isBytes = (value: object): boolean => ArrayBuffer.isView(value) || value instanceof ArrayBuffer || typeof (value as { pipe?: unknown }).pipe === 'function';

function nulPath(value: unknown, path: string): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = nulPath(item, `${path}/${index}`);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (value === null || typeof value !== 'object' || isBytes(value)) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const found = key.includes('\u0000') ? `${path}/${key}` : nulPath(item, `${path}/${key}`);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** A preValidation hook: 422 `VALIDATION_FAILED` naming the first field that holds U+0000. */
export async function refuseNulCharacters(request: FastifyRequest): Promise<void> {
  const path = nulPath(request.query, 'querystring:') ?? nulPath(request.params, 'params:') ?? nulPath(request.body, '');
  if (path !== undefined) throw invalid('VALIDATION_FAILED', '文本中不能包含空字符（U+0000）', [{ path: path || '/', message: '含有空字符' }]);
}
