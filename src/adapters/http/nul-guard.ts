import { type FastifyRequest } from 'fastify';
import { invalid } from '../../domain/common/errors.ts';

/**
 * PostgreSQL text cannot hold U+0000: a name or a `q` with one failed in the database as a 500. No seller types it,
 * so every string a request brings (query, path, JSON body, keys included) is refused with it, on both databases.
 * Bytes are not walked: a raw upload's Buffer (or a stream) is not text.
 */
const isBytes = (value: object): boolean =>
  ArrayBuffer.isView(value) || value instanceof ArrayBuffer || typeof (value as { pipe?: unknown }).pipe === 'function';

/**
 * Deepest nesting of arrays and objects a request may bring. Our richest body (rich content) nests about ten
 * levels; ~3 500 levels overflowed the stack of a recursive walk (a 500), and every later step would recurse too.
 */
export const MAX_JSON_DEPTH = 64;

type Finding = { readonly kind: 'nul' | 'deep' | 'overflow'; readonly path: string };

/** One array or object being walked: its keys (none for an array), the next child to look at, its own key. */
type Frame = { readonly node: object; readonly keys: readonly string[] | undefined; at: number; readonly key: string };

const isContainer = (value: unknown): value is object => value !== null && typeof value === 'object' && !isBytes(value);

/**
 * Walks without recursion, depth-first in document order, so the first finding is the first in the text. One
 * frame per array or object and no path strings until something is found: a collected page of 30 images has
 * ~300 values, and building a path and an entry for each was a fifth of what the request allocated.
 */
function inspect(root: unknown, rootPath: string): Finding | undefined {
  if (typeof root === 'string') return root.includes('\u0000') ? { kind: 'nul', path: rootPath } : undefined;
  if (!isContainer(root)) return undefined;
  const frames: Frame[] = [{ node: root, keys: Array.isArray(root) ? undefined : Object.keys(root), at: 0, key: '' }];
  const pathTo = (key: string): string =>
    `${rootPath}${frames
      .slice(1)
      .map((frame) => `/${frame.key}`)
      .join('')}/${key}`;
  while (frames.length > 0) {
    const frame = frames[frames.length - 1]!;
    const { node, keys } = frame;
    if (frame.at === (keys ? keys.length : (node as unknown[]).length)) {
      frames.pop();
      continue;
    }
    const index = frame.at++;
    const key = keys ? keys[index]! : String(index);
    if (key.includes('\u0000')) return { kind: 'nul', path: pathTo(key) };
    const value = keys ? (node as Record<string, unknown>)[key] : (node as unknown[])[index];
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return { kind: 'nul', path: pathTo(key) };
    } else if (typeof value === 'number') {
      // JSON has no Infinity, but `1e309` parses to it; free-form groups (raw, attributes) would store it as null.
      if (!Number.isFinite(value)) return { kind: 'overflow', path: pathTo(key) };
    } else if (isContainer(value)) {
      // The root is at depth 0, so a child of the top frame is at depth frames.length.
      if (frames.length >= MAX_JSON_DEPTH) return { kind: 'deep', path: pathTo(key) };
      frames.push({ node: value, keys: Array.isArray(value) ? undefined : Object.keys(value), at: 0, key });
    }
  }
  return undefined;
}

/**
 * A preValidation hook: 422 `VALIDATION_FAILED` naming the first field that holds U+0000 or a number too large for a
 * double (issue 29: `1e309`), 422 `JSON_TOO_DEEP` past the depth limit.
 */
export async function refuseNulCharacters(request: FastifyRequest): Promise<void> {
  const found = inspect(request.query, 'querystring:') ?? inspect(request.params, 'params:') ?? inspect(request.body, '');
  if (found?.kind === 'deep') {
    throw invalid('JSON_TOO_DEEP', `请求体嵌套层级过深（最多 ${MAX_JSON_DEPTH} 层）`, [{ path: found.path || '/', message: `嵌套超过 ${MAX_JSON_DEPTH} 层` }]);
  }
  if (found?.kind === 'overflow') {
    throw invalid('VALIDATION_FAILED', '数字超出可表示的范围', [{ path: found.path || '/', message: '数字过大（超出双精度浮点数范围）' }]);
  }
  if (found) throw invalid('VALIDATION_FAILED', '文本中不能包含空字符（U+0000）', [{ path: found.path || '/', message: '含有空字符' }]);
}
