import { type Insertable, type Selectable } from 'kysely';
import { type Product } from '../../domain/catalog/product.ts';
import { type FieldStorage, PRODUCT_FIELD_LIST, type ProductFieldSpec } from '../../domain/catalog/product-fields.ts';
import { firstCollectedTitle } from '../../domain/intake/collected-title.ts';
import { cardCount } from '../../domain/publishing/publish-variant-items.ts';
import { type ProductTable } from './database.ts';
import { searchTextOf } from './search-text.ts';
import { sourcePlatformsOf } from './source-platforms.ts';

/** Products created by hand have no source platform: stored as '' (the column predates them and is NOT NULL). */
export const MANUAL_PLATFORM = '';

type Listed = (typeof PRODUCT_FIELD_LIST)[number];
type Column = Selectable<ProductTable>;
type FieldsStored<S extends FieldStorage> = Extract<Listed, { stored: S }>['field'];
/** `true` when every one is `true`; `never` (a compile error below) when one is `false`. */
type Every<T extends boolean> = [T] extends [true] ? true : never;
/** Every column of these fields holds `Holds`. */
type AllFit<F extends keyof Column, Holds> = Every<{ [K in F]: Column[K] extends Holds ? true : false }[F]>;
/** Every plain field's value fits its column as is (a stage is a string). */
type PlainFit = Every<{ [K in FieldsStored<'plain'>]: Product[K] extends Column[K] ? true : false }[FieldsStored<'plain'>]>;

// Fails to compile when a field's column does not hold what its storage kind writes (e.g. a JSON field in a number column).
const storageFitsColumns: [
  PlainFit,
  AllFit<FieldsStored<'json'>, string>,
  AllFit<FieldsStored<'json-or-null'>, string | null>,
  AllFit<FieldsStored<'platform'>, string>,
  AllFit<FieldsStored<'stamped'>, string | null>,
] = [true, true, true, true, true];
void storageFitsColumns;

/**
 * The columns derived from a product, written with its row and never read back into it: what `q` searches, and what
 * the list shows and filters on without reading the whole product (issue 32). The one place that lists them: the
 * row, the repository's insert and migration 032's backfill read this.
 */
export const DERIVED_COLUMNS = {
  search_text: searchTextOf,
  /** The first title collected on 1688 or Taobao (the list shows it beside a Russian name). */
  collected_title: (product: Product): string | null => firstCollectedTitle(product.raw),
  /** The cards publishing it sends, each one of the daily quota (the publish rule's count). */
  card_count: cardCount,
  /** Its source platforms, the first source's and every appended one's (the list's platform filter). */
  source_platforms: sourcePlatformsOf,
} as const satisfies { readonly [K in keyof ProductTable]?: (product: Product) => ProductTable[K] };
export type DerivedColumn = keyof typeof DERIVED_COLUMNS;
const DERIVED = Object.entries(DERIVED_COLUMNS) as [DerivedColumn, (product: Product) => unknown][];

/** The derived columns' values for a product. */
export function derivedColumnsOf(product: Product): Pick<Insertable<ProductTable>, DerivedColumn> {
  const values: Record<string, unknown> = {};
  for (const [column, derive] of DERIVED) values[column] = derive(product);
  return values as Pick<Insertable<ProductTable>, DerivedColumn>;
}

/** Every column of `products`: the product's fields in the list's order, then the columns derived from them. */
export const PRODUCT_COLUMNS: readonly (keyof ProductTable)[] = [...PRODUCT_FIELD_LIST.map((spec) => spec.field), ...DERIVED.map(([column]) => column)];
// Fails to compile when a column is added to the table but neither to the field list nor to the derived columns.
const everyColumnListed: Exclude<keyof ProductTable, Listed['field'] | DerivedColumn> extends never ? true : never = true;
void everyColumnListed;

type Convert = (value: unknown) => unknown;
const asIs: Convert = (value) => value;

/** How each storage kind writes a product's value to its column (`stamped` is written by the repository). */
const TO_COLUMN: Readonly<Record<Exclude<FieldStorage, 'stamped'>, Convert>> = {
  plain: asIs,
  json: (value) => JSON.stringify(value),
  'json-or-null': (value) => (value === null ? null : JSON.stringify(value)),
  platform: (value) => value ?? MANUAL_PLATFORM,
};

/** How each storage kind reads a column back into the product's value. */
export const FROM_COLUMN: Readonly<Record<FieldStorage, Convert>> = {
  plain: asIs,
  json: (text) => JSON.parse(text as string),
  'json-or-null': (text) => (text === null ? null : JSON.parse(text as string)),
  platform: (text) => (text === MANUAL_PLATFORM ? null : text),
  stamped: asIs,
};

const WRITTEN = PRODUCT_FIELD_LIST.flatMap((spec) => (spec.stored === 'stamped' ? [] : [{ field: spec.field, write: TO_COLUMN[spec.stored] }]));
const READ = PRODUCT_FIELD_LIST.map((spec) => ({ field: spec.field, read: FROM_COLUMN[spec.stored] }));

/** The row of a product: every field as its storage kind writes it, and the derived columns; who made it is the repository's to stamp. */
export function productToRow(product: Product): Insertable<ProductTable> {
  const row: Record<string, unknown> = {};
  for (const { field, write } of WRITTEN) row[field] = write(product[field]);
  for (const [column, derive] of DERIVED) row[column] = derive(product);
  return row as Insertable<ProductTable>;
}

/**
 * The product of a row read by a migration that rewrites products (029, 032): a column a LATER migration adds is not
 * in the table yet when an old database is brought up to date, so its field reads as a new product's would (its
 * `initial`, else null) instead of failing (a JSON field's `JSON.parse(undefined)` stopped the service's start).
 * The service's own reads use `rowToProduct`: every column exists by then.
 */
export function rowToProductInMigration(row: Readonly<Record<string, unknown>>): Product {
  const product: Record<string, unknown> = {};
  for (const spec of PRODUCT_FIELD_LIST as readonly ProductFieldSpec[])
    product[spec.field] = spec.field in row ? FROM_COLUMN[spec.stored](row[spec.field]) : (spec.initial ?? null);
  return product as Product;
}

/** The product of a row: every listed field read back as its storage kind wrote it. */
export function rowToProduct(row: Selectable<ProductTable>): Product {
  const product: Record<string, unknown> = {};
  for (const { field, read } of READ) product[field] = read(row[field]);
  return product as Product;
}
