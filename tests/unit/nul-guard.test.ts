import { describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH, refuseNulCharacters } from '../../src/adapters/http/nul-guard.ts';

type Probe = { query?: unknown; params?: unknown; body?: unknown };
const refusal = async (request: Probe): Promise<unknown> => {
  try {
    await refuseNulCharacters(request as never);
    return undefined;
  } catch (error) {
    return { code: (error as { code: string }).code, path: (error as { problems: { path: string }[] }).problems[0]!.path };
  }
};
const nested = (depth: number, leaf: unknown): unknown => (depth === 0 ? leaf : { a: [nested(depth - 1, leaf)] });

describe('the U+0000 and depth guard', () => {
  it('names the first field in document order that holds U+0000, in values, keys, arrays, query and params', async () => {
    const body = { images: [{ url: 'ok' }, { url: 'a\u0000', dedupeKey: 'b\u0000' }], later: 'c\u0000' };
    expect(await refusal({ body })).toEqual({ code: 'VALIDATION_FAILED', path: '/images/1/url' });
    expect(await refusal({ body: { texts: [{ pairs: [{ ['k\u0000']: 1 }] }] } })).toEqual({ code: 'VALIDATION_FAILED', path: '/texts/0/pairs/0/k\u0000' });
    expect(await refusal({ query: { q: 'x\u0000' }, body })).toEqual({ code: 'VALIDATION_FAILED', path: 'querystring:/q' });
    expect(await refusal({ params: { id: '\u0000' } })).toEqual({ code: 'VALIDATION_FAILED', path: 'params:/id' });
    expect(await refusal({ body: 'text\u0000' })).toEqual({ code: 'VALIDATION_FAILED', path: '/' });
  });

  it(`refuses nesting past ${MAX_JSON_DEPTH} levels at the first too-deep value, and passes what is within it`, async () => {
    expect(await refusal({ body: nested(MAX_JSON_DEPTH / 2 - 1, 'fine') })).toBeUndefined();
    const deep = (await refusal({ body: nested(MAX_JSON_DEPTH, 'x') })) as { code: string; path: string };
    expect(deep.code).toBe('JSON_TOO_DEEP');
    expect(deep.path.split('/').length - 1).toBe(MAX_JSON_DEPTH);
    expect(await refusal({ body: { skip: Buffer.from([0]), list: [1, null, true, 'ok', []] } })).toBeUndefined();
  });
});
