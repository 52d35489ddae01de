import { invalid } from '../../domain/common/errors.ts';
import {
  ALL_PRODUCT_CSV_COLUMNS,
  type CsvHeaderLanguage,
  csvHeader,
  ON_REQUEST_CSV_COLUMNS,
  type OnRequestCsvColumn,
  PRODUCT_CSV_COLUMNS,
  type ProductCsvColumn,
} from '../../domain/catalog/csv-columns.ts';
import { type Stage } from '../../domain/catalog/product.ts';
import { csvColumnsOf, PRODUCT_FIELD_LIST, type ProductFieldSpec } from '../../domain/catalog/product-fields.ts';
import { effectiveImages } from '../../domain/catalog/product-images.ts';
import { type MediaStore, publicUrl } from '../media-addresses.ts';
import { type CsvValue, csvLine, csvRow, UTF8_BOM } from '../csv-format.ts';
import { type ExportRecord, type ProductExportReader } from '../ports/product-export-reader.ts';

/** Rows read from the database per batch: bounded memory, few round trips. */
export const EXPORT_BATCH_SIZE = 1000;

export type Images = { primary_image: string | null; images: string[] };
/** One column's value of a record; `images` are the row's images (derived once per row, when a chosen column reads them). */
export type CellOf = (record: ExportRecord, images: Images) => CsvValue;

export const NO_IMAGES: Images = { primary_image: null, images: [] };

/** A column's value, from its field's type: an image field reads the row's images (derived once), any other its value. */
function cellOf(spec: ProductFieldSpec): CellOf {
  const { field } = spec;
  if (spec.type === 'image') return (_record, images) => images.primary_image;
  if (spec.type === 'images') return (_record, images) => images.images.join('|');
  // A group (the attributes) as JSON keyed by attribute id, empty while it has none.
  if (spec.type === 'group')
    return (record) => {
      const value = (record as unknown as Readonly<Record<string, object | undefined>>)[field];
      return value && Object.keys(value).length > 0 ? JSON.stringify(value) : '';
    };
  return (record) => (record as unknown as Readonly<Record<string, CsvValue>>)[field];
}

/** Each products.csv column's value, and the columns that read the row's images, of a product field list. */
export function csvCellsOf(list: readonly ProductFieldSpec[]): { cells: Readonly<Record<string, CellOf>>; imageColumns: readonly string[] } {
  const columns = csvColumnsOf(list, true);
  return {
    cells: Object.fromEntries(columns.map(({ column, spec }) => [column, cellOf(spec)])),
    imageColumns: columns.filter(({ spec }) => spec.type === 'image' || spec.type === 'images').map(({ column }) => column),
  };
}

const ofFields = csvCellsOf(PRODUCT_FIELD_LIST);
/** Each column's value. */
export const CELLS = ofFields.cells as Readonly<Record<ProductCsvColumn | OnRequestCsvColumn, CellOf>>;
/** The columns that read the row's images. */
export const IMAGE_COLUMNS: readonly string[] = ofFields.imageColumns;

/** A row's images at their public addresses (stored as `/media/…`, made absolute from the settings now: media-addresses.ts). */
export const publicImages = (objectStore: MediaStore, { primary_image, images }: Images): Images => ({
  primary_image: primary_image === null ? null : publicUrl(objectStore, primary_image),
  images: images.map((url) => publicUrl(objectStore, url)),
});

/** The lines of one batch; the chosen columns' cells are picked once per export, so a row costs no closures or arrays. */
function linesOf(batch: readonly ExportRecord[], cells: readonly CellOf[], images: ((record: ExportRecord) => Images) | undefined): string {
  let lines = '';
  for (const record of batch) lines += csvLine(record, images ? images(record) : NO_IMAGES, cells);
  return lines;
}

export type ExportProductsCsvInput = {
  /** A stage, or undefined for every stage but archived. */
  readonly stage?: Stage | undefined;
  readonly ids?: readonly string[] | undefined;
  /** A subset of the columns (written in the spec's order); the contract's 23 when undefined. */
  readonly fields?: readonly string[] | undefined;
  /** The header row's language: the contract's keys when undefined. */
  readonly lang?: CsvHeaderLanguage | undefined;
};

/** Whether the chosen columns need the description and attributes read (they are left out of every other export). */
export const needsTexts = (columns: readonly string[]): boolean => columns.some((column) => (ON_REQUEST_CSV_COLUMNS as readonly string[]).includes(column));

export type ExportProductsCsv = (input: ExportProductsCsvInput) => AsyncIterable<string>;

/** Checks the requested fields and answers them in the spec's order (the defaults when none); an unknown field is a 422. */
export function chooseColumns<C extends string = ProductCsvColumn | OnRequestCsvColumn>(
  fields: readonly string[] | undefined,
  defaults: readonly C[] = PRODUCT_CSV_COLUMNS as readonly string[] as readonly C[],
  all: readonly C[] = ALL_PRODUCT_CSV_COLUMNS as readonly string[] as readonly C[],
): C[] {
  if (!fields || fields.length === 0) return [...defaults];
  const unknown = fields.filter((field) => !(all as readonly string[]).includes(field));
  if (unknown.length > 0) {
    throw invalid(
      'CSV_FIELD_UNKNOWN',
      `未知的导出字段：${unknown.join(', ')}`,
      unknown.map((field) => ({ path: 'querystring:/fields', message: field })),
    );
  }
  return all.filter((column) => fields.includes(column));
}

/**
 * GET /export/products.csv: the header row in the contract's keys or in Chinese (`lang`), UTF-8 with BOM, `\r\n` row ends, images joined with `|`, formula-safe cells;
 * yields one chunk per database batch so 100 000 products stream in flat memory. Validation runs before the
 * first chunk, so a bad request still gets a 422 body.
 */
export const makeExportProductsCsv =
  (deps: { readonly exportReader: ProductExportReader; readonly objectStore: MediaStore }): ExportProductsCsv =>
  (input) => {
    const columns = chooseColumns(input.fields);
    const cells = columns.map((column) => CELLS[column]);
    const withImages = columns.some((column) => IMAGE_COLUMNS.includes(column));
    const images = withImages ? (record: ExportRecord) => publicImages(deps.objectStore, effectiveImages(record, record.stored_images)) : undefined;
    return (async function* () {
      yield UTF8_BOM + csvRow(csvHeader(columns, input.lang));
      const filter = { stage: input.stage, ids: input.ids, withTexts: needsTexts(columns) };
      for await (const batch of deps.exportReader.batches(filter, EXPORT_BATCH_SIZE)) yield linesOf(batch, cells, images);
    })();
  };
