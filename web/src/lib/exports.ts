import type { ApiClient, RequestOptions } from '../api/client.ts';
import { saveBlob } from './dom.ts';

import {
  ALL_PRODUCT_CSV_COLUMNS,
  type OnRequestCsvColumn,
  PRODUCT_CSV_COLUMNS,
  PRODUCT_CSV_LABELS,
  type ProductCsvColumn,
} from '../../../src/domain/catalog/csv-columns.ts';

export { ALL_PRODUCT_CSV_COLUMNS, PRODUCT_CSV_COLUMNS, PRODUCT_CSV_LABELS, type ProductCsvColumn };
export type PickedCsvColumn = ProductCsvColumn | OnRequestCsvColumn;

export type ProductCsvQuery = { readonly stage: string; readonly ids: readonly string[]; readonly fields: readonly PickedCsvColumn[] };

/**
 * The query of a products CSV export: selected ids win over the stage filter; `fields` is sent only when it differs
 * from the server's default (the 23 columns), always in the spec's order; the header row in Chinese (`lang=zh`), as
 * the picker names the columns.
 */
export function productCsvQuery(query: ProductCsvQuery): Record<string, string> {
  const result: Record<string, string> = {};
  if (query.ids.length > 0) result.ids = query.ids.join(',');
  else result.stage = query.stage || 'all';
  const chosen = new Set(query.fields);
  const isDefault = chosen.size === PRODUCT_CSV_COLUMNS.length && PRODUCT_CSV_COLUMNS.every((column) => chosen.has(column));
  if (chosen.size > 0 && !isDefault) result.fields = ALL_PRODUCT_CSV_COLUMNS.filter((column) => chosen.has(column)).join(',');
  result.lang = 'zh';
  return result;
}

/** Fetches a file with the bearer token and hands it to the browser as a download. */
export async function download(api: ApiClient, path: string, fallbackName: string, options: RequestOptions = {}): Promise<void> {
  const { blob, fileName } = await api.blob(path, options);
  saveBlob(blob, fileName ?? fallbackName);
}

/** `products-20261121-1908.csv`: sortable, no characters a file system refuses. */
export function stampedName(prefix: string, extension: string, now: Date): string {
  const pad = (n: number): string => String(n).padStart(2, '0');
  const stamp = `${now.getFullYear()}${pad(now.getMonth() + 1)}${pad(now.getDate())}-${pad(now.getHours())}${pad(now.getMinutes())}`;
  return `${prefix}-${stamp}.${extension}`;
}
