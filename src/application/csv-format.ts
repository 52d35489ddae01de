/** A CSV cell value before encoding; null and undefined become empty cells. */
export type CsvValue = string | number | null | undefined;

/**
 * Starts a spreadsheet would read as a formula: the OWASP CSV injection list (LF included), also after leading
 * whitespace (` =1+1`, ideographic space too: spreadsheets trim it) and in the fullwidth forms `＝＋－＠` that
 * Chinese input methods type and spreadsheets in East Asian locales take as `=+-@`. Invisible characters before the
 * sign count as whitespace too (format characters such as U+200B, U+2060, BOM, soft hyphen, bidi marks, and the other
 * default-ignorable ones such as the Hangul filler): LibreOffice 7.4 keeps them as text, but a program or a copy
 * step that drops them would leave a bare formula, and the seller cannot see them to remove them.
 */
const FORMULA_START = /^(?:[\s\p{Cf}\p{Default_Ignorable_Code_Point}]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]|[\t\r\n])/u;
const NEEDS_QUOTES = /[",\r\n]/;

/**
 * One cell, RFC 4180 quoted when needed. Text that would start a formula gets a leading `'` so spreadsheets
 * show it as text; numbers stay numbers (a negative number is data, not a formula).
 */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/**
 * One row ending in `\r\n`, from a record and the functions that pick its cells: a plain loop with no array per
 * row, since the exports run it once per row (100 000 times for a large catalog).
 */
export function csvLine<R, C>(row: R, context: C, cells: readonly ((row: R, context: C) => CsvValue)[]): string {
  let line = '';
  for (let i = 0; i < cells.length; i += 1) line += (i === 0 ? '' : ',') + csvCell(cells[i]!(row, context));
  return `${line}\r\n`;
}

/** One row ending in `\r\n`. */
export const csvRow = (values: readonly CsvValue[]): string => `${values.map(csvCell).join(',')}\r\n`;

/** Byte order mark: spreadsheet programs then read the file as UTF-8. */
export const UTF8_BOM = '\uFEFF';
