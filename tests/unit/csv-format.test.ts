import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvCell, csvLine, csvRow, type CsvValue } from '../../src/application/csv-format.ts';

describe('CSV cells', () => {
  it('prefixes every OWASP formula start with a quote', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r', '\n']) expect(csvCell(`${start}SUM(A1)`).replace(/^"/, '').startsWith(`'${start}`)).toBe(true);
    expect(csvCell('=1+1')).toBe("'=1+1");
    // A leading space (or an ideographic one) before a formula character, and the fullwidth ＝＋－＠, slipped through.
    for (const start of [' =', '  +', ' -', ' @', '\u3000=', '\u00A0@', '＝', '＋', '－', '＠', ' ＝']) {
      expect(csvCell(`${start}HYPERLINK("http://x")`).replace(/^"/, '').startsWith(`'${start}`), JSON.stringify(start)).toBe(true);
    }
    // Invisible characters (issue 29: U+200B or U+2060 before `=` slipped through), alone or mixed with spaces.
    for (const start of ['\u200B=', '\u2060=', '\uFEFF=', '\u200C\u200D+', '\u00AD-', '\u200E@', '\u202E=', '\u180E=', '\u3164=', ' \u200B ＝']) {
      expect(csvCell(`${start}HYPERLINK("http://x")`).replace(/^"/, '').startsWith(`'${start}`), JSON.stringify(start)).toBe(true);
    }
    for (const plain of ['a=b', '\u200Bab=1', 'Кружка - 350 мл', '杯子＝茶杯', ' text', '']) expect(csvCell(plain)).toBe(plain);
  });

  it('keeps numbers as numbers (a negative number is data) and empties null', () => {
    expect(csvRow([-12, 0.5, null, undefined, 'a'])).toBe('-12,0.5,,,a\r\n');
  });

  it('quotes separators, quotes and line breaks so a value never starts a new cell', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.string().map((rest) => ` ${rest}`),
          fc.constantFrom(' +1', '\u3000=A1', '＝1', ' -'),
          fc
            .tuple(
              fc.array(fc.constantFrom(...INVISIBLE, ' ', '\u3000', '\u00A0'), { maxLength: 4 }),
              fc.constantFrom(...FORMULA_SIGNS, 'a', '1', ''),
              fc.string(),
            )
            .map(([lead, sign, rest]) => `${lead.join('')}${sign}${rest}`),
        ),
        (text) => {
          const cell = csvCell(text);
          const decoded = cell.startsWith('"') ? cell.slice(1, -1).replace(/""/g, '"') : cell;
          expect(decoded).toBe(startsFormula(text) ? `'${text}` : text);
          if (!cell.startsWith('"')) expect(cell).not.toMatch(/[",\r\n]/);
        },
      ),
    );
  });
});

describe('CSV lines', () => {
  it('writes the same line from cell pickers as csvRow writes from the values', () => {
    const value = fc.oneof(fc.string(), fc.double(), fc.integer(), fc.constant(null), fc.constant(undefined));
    fc.assert(
      fc.property(fc.array(value, { maxLength: 30 }), fc.string(), (values: CsvValue[], context) => {
        const cells = values.map((_, i) => (row: readonly CsvValue[], seen: string) => (seen === context ? row[i] : 'wrong context'));
        expect(csvLine(values, context, cells)).toBe(csvRow(values));
      }),
    );
  });
});

/** Characters nobody sees: zero-width space and joiners, word joiner, BOM, soft hyphen, bidi marks, Mongolian vowel separator, Hangul filler. */
const INVISIBLE = ['\u200B', '\u200C', '\u200D', '\u2060', '\uFEFF', '\u00AD', '\u200E', '\u200F', '\u202A', '\u202E', '\u2066', '\u180E', '\u3164', '\u034F'];

/**
 * The oracle, put another way than the code: a tab or line break first, or a formula sign after any run of
 * characters that are whitespace (what `trim` removes) or invisible (Unicode's format category or default-ignorable).
 */
const FORMULA_SIGNS = ['=', '+', '-', '@', '＝', '＋', '－', '＠'];
const invisible = (character: string) => /^\p{General_Category=Format}$/u.test(character) || /^\p{DI}$/u.test(character);
const startsFormula = (text: string): boolean => {
  if (/^[\t\r\n]/.test(text)) return true;
  const first = [...text].find((character) => character.trim() !== '' && !invisible(character));
  return first !== undefined && FORMULA_SIGNS.includes(first);
};
