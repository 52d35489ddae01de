/** Fixed ids and times of the golden catalog, so its bytes are the same on every run and on both databases. */
export const id = (n: number): string => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
export const at = (second: number): string => new Date(Date.UTC(2026, 10, 21, 12, 0, second)).toISOString();
