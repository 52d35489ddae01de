/** A CSV cell value before encoding; null and undefined become empty cells. */
export type CsvValue = string | number | null | undefined;

/** Leading characters a spreadsheet would read as a formula (OWASP CSV injection list, LF included). */
const FORMULA_START = /^[=+\-@\t\r\n]/;
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

/** One row ending in `\r\n`. */
export const csvRow = (values: readonly CsvValue[]): string => `${values.map(csvCell).join(',')}\r\n`;

/** Byte order mark: spreadsheet programs then read the file as UTF-8. */
export const UTF8_BOM = '\uFEFF';
