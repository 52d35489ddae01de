import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { STAGES } from '../../src/domain/catalog/product.ts';
import { searchGrams, searchIndexQuery, stageCode } from '../../src/adapters/persistence/search-index.ts';

/** The token a short query looks up, without FTS5's quoting. */
const gramOf = (q: string): string => /^"([0-9a-z]+)"$/.exec(searchIndexQuery(q).match)![1]!;

// Chinese, Cyrillic, Latin, digits, punctuation, spaces and a character outside the BMP.
const alphabet = fc.constantFrom(...'杯子台灯马克кружаab12-. 　\t😀');
const text = fc.array(alphabet, { maxLength: 24 }).map((chars) => chars.join(''));
const shortQuery = fc
  .array(alphabet, { minLength: 1, maxLength: 2 })
  .map((chars) => chars.join('').trim())
  .filter((q) => q.length > 0 && [...q].length <= 2);

describe('SQLite search index queries and grams', () => {
  it('a text holds the token of a short query exactly when it holds the query as a substring', () => {
    fc.assert(
      fc.property(text, shortQuery, (t, q) => {
        const tokens = new Set(searchGrams(t, 'editing').split(' '));
        expect(tokens.has(gramOf(q))).toBe(t.includes(q));
      }),
      { numRuns: 2_000 },
    );
  });

  it('tokens are 4 or 8 base-36 characters, each once, plus the stage token', () => {
    const tokens = searchGrams('杯子 杯子 😀a', 'ready').split(' ');
    expect(tokens).toEqual([...new Set(tokens)]);
    expect(tokens.filter((token) => token !== 'stageready').every((token) => /^[0-9a-z]{4}([0-9a-z]{4})?$/.test(token))).toBe(true);
    expect(tokens).toContain('stageready');
    expect(tokens).toContain(gramOf('😀a'));
    expect(tokens).not.toContain(gramOf('子杯')); // a space separates them
  });

  it('sends 1–2 characters to the gram table and longer text to the trigram table, with the stage when asked', () => {
    expect(searchIndexQuery('杯')).toEqual({ table: 'product_search_grams', match: `"${gramOf('杯')}"` });
    expect(searchIndexQuery('杯子', 'ready')).toEqual({ table: 'product_search_grams', match: `"${gramOf('杯子')}" AND "stageready"` });
    expect(searchIndexQuery('😀😀')).toEqual({ table: 'product_search_grams', match: `"${gramOf('😀😀')}"` });
    expect(searchIndexQuery('杯子x')).toEqual({ table: 'product_search_trigrams', match: 'search_text : "杯子x"' });
    expect(searchIndexQuery('a"b', 'editing')).toEqual({ table: 'product_search_trigrams', match: 'search_text : "a""b" AND stage : "edi"' });
  });

  it('gives every stage a different three-letter code (one trigram)', () => {
    const codes = STAGES.map(stageCode);
    expect(new Set(codes).size).toBe(STAGES.length);
    expect(codes.every((code) => [...code].length === 3)).toBe(true);
  });

  it('gives a long query a window of 8 characters, the one with the most digits (the last on ties), checked against the full text', () => {
    const url = 'https://detail.1688.com/offer/600012345.html';
    expect(searchIndexQuery(url, 'ready')).toEqual({
      table: 'product_search_trigrams',
      match: `search_text : "${url}" AND stage : "rea"`,
      window: { match: 'search_text : "00012345" AND stage : "rea"', text: url },
    });
    expect(searchIndexQuery('органайзер для кабелей').window).toEqual({ match: 'search_text : " кабелей"', text: 'органайзер для кабелей' });
    expect(searchIndexQuery('8 chars!').window).toBeUndefined();
  });
});
