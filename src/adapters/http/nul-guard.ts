import { type FastifyRequest } from 'fastify';
import { invalid } from '../../domain/errors.ts';

/**
 * PostgreSQL text cannot hold U+0000: a name or a `q` with one failed in the database as a 500. No seller types it,
 * so every string a request brings (query, path, JSON body, keys included) is refused with it, on both databases.
 * Bytes are not walked: a raw upload's Buffer (or a stream) is not text.
 */
const isBytes = (value: object): boolean => ArrayBuffer.isView(value) || value instanceof ArrayBuffer || typeof (value as { pipe?: unknown }).pipe === 'function';

/**
 * Deepest nesting of arrays and objects a request may bring. Our richest body (rich content, §10) nests about ten
 * levels; ~3 500 levels overflowed the stack of a recursive walk (a 500), and every later step would recurse too.
 */
export const MAX_JSON_DEPTH = 64;

type Finding = { readonly kind: 'nul' | 'deep'; readonly path: string };

/** Walks without recursion, depth-first in document order, so the first finding is the first in the text. */
function inspect(root: unknown, rootPath: string): Finding | undefined {
  const stack: { value: unknown; path: string; depth: number }[] = [{ value: root, path: rootPath, depth: 0 }];
  while (stack.length > 0) {
    const { value, path, depth } = stack.pop()!;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return { kind: 'nul', path };
      continue;
    }
    if (value === null || typeof value !== 'object' || isBytes(value)) continue;
    if (depth >= MAX_JSON_DEPTH) return { kind: 'deep', path };
    const entries = Array.isArray(value) ? value.map((item, index) => [String(index), item] as const) : Object.entries(value);
    for (let at = entries.length - 1; at >= 0; at -= 1) {
      const [key, item] = entries[at]!;
      if (key.includes('\u0000')) return { kind: 'nul', path: `${path}/${key}` };
      stack.push({ value: item, path: `${path}/${key}`, depth: depth + 1 });
    }
  }
  return undefined;
}

/** A preValidation hook: 422 `VALIDATION_FAILED` naming the first field that holds U+0000, 422 `JSON_TOO_DEEP` past the depth limit. */
export async function refuseNulCharacters(request: FastifyRequest): Promise<void> {
  const found = inspect(request.query, 'querystring:') ?? inspect(request.params, 'params:') ?? inspect(request.body, '');
  if (found?.kind === 'deep') {
    throw invalid('JSON_TOO_DEEP', `请求体嵌套层级过深（最多 ${MAX_JSON_DEPTH} 层）`, [{ path: found.path || '/', message: `嵌套超过 ${MAX_JSON_DEPTH} 层` }]);
  }
  if (found) throw invalid('VALIDATION_FAILED', '文本中不能包含空字符（U+0000）', [{ path: found.path || '/', message: '含有空字符' }]);
}
