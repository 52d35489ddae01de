/** Display helpers; numbers are formatted the way sellers read them (thin grouping, fixed decimals). */

const rubFormat = new Intl.NumberFormat('zh-CN', { maximumFractionDigits: 0 });
const priceFormat = new Intl.NumberFormat('zh-CN', { maximumFractionDigits: 2 });
const decimalFormat = new Intl.NumberFormat('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

export const formatRub = (value: number | null | undefined): string => (value === null || value === undefined ? '—' : `${rubFormat.format(value)} ₽`);
export const formatCny = (value: number | null | undefined): string => (value === null || value === undefined ? '—' : `¥${decimalFormat.format(value)}`);
/** A price with its currency (issue 32 item 13: a bare number in the list did not say ₽ or ¥); the currency of a summary or a detail. */
export const formatPrice = (value: number | null | undefined, currency: string): string =>
  value === null || value === undefined ? '—' : currency === 'CNY' ? `¥${priceFormat.format(value)}` : `${priceFormat.format(value)} ₽`;
export const formatDecimal = (value: number | null | undefined): string => (value === null || value === undefined ? '—' : decimalFormat.format(value));

/** `2026-11-21T19:08:07Z` → `2026-11-21 19:08` in the viewer's time zone. */
export function formatTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const pad = (n: number): string => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/**
 * Parses what a seller types into a number field: empty → null, comma decimals accepted, anything else
 * (letters, two dots) → NaN so the field can be marked invalid instead of silently saved as 0.
 */
export function parseNumberInput(text: string): number | null {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return null;
  if (!/^-?\d+(\.\d+)?$/.test(trimmed) && !/^-?\.\d+$/.test(trimmed)) return Number.NaN;
  return Number(trimmed);
}

/** Chinese characters anywhere in a text (the marketplace refuses them in name and description). */
export const hasChinese = (text: string): boolean => /[\u3400-\u9fff\uf900-\ufaff]/u.test(text);
