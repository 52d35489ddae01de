import { type Kysely, type RawBuilder, sql } from 'kysely';
import { type JsonObject } from '../../domain/common/json.ts';
import { type ExportedField, PRODUCT_FIELD_LIST } from '../../domain/catalog/product-fields.ts';
import { type Variant } from '../../domain/variants/variant.ts';
import { type ExportFilter, type ExportRecord } from '../../application/ports/product-export-reader.ts';
import { type Database } from './database.ts';
import { isSqlite } from './dialect-of.ts';
import { FROM_COLUMN } from './product-rows.ts';

/** Only what the exports print (the product field list's `exported`): every column read costs at 100 000 rows (the description most of all). */
const EXPORT_FIELDS = PRODUCT_FIELD_LIST.filter((spec) => 'exported' in spec);
export const EXPORT_COLUMNS: readonly ExportedField[] = EXPORT_FIELDS.map((spec) => spec.field);

/** One product as the database hands it over: the export columns in order, then the asked-for JSON groups. */
export type ExportTuple = readonly unknown[];

const ID_AT = EXPORT_COLUMNS.indexOf('id');
const CREATED_AT_AT = EXPORT_COLUMNS.indexOf('created_at');
/** The product id and the keyset position of a tuple. */
export const idOf = (tuple: ExportTuple): string => tuple[ID_AT] as string;
export const positionOf = (tuple: ExportTuple): { created_at: string; id: string } => ({ created_at: tuple[CREATED_AT_AT] as string, id: idOf(tuple) });

type Group = 'pricing' | 'variants' | 'attributes' | 'description';
/** The columns read after the export columns, in this order, when the filter asks for them (the description only for its own column: it is the widest). */
const groupsFor = (filter: ExportFilter): Group[] => [
  ...(filter.withPricing ? (['pricing'] as const) : []),
  ...(filter.withVariants ? (['variants'] as const) : []),
  ...(filter.withVariants || filter.withTexts ? (['attributes'] as const) : []),
  ...(filter.withTexts ? (['description'] as const) : []),
];

/**
 * Each product as ONE JSON array (`json_array` in SQLite, `json_build_array` in PostgreSQL) rather than a row
 * object: better-sqlite3 spends ~8 µs of CPU building a 26-key object per row, V8 parses the same values from JSON
 * text in ~3 µs (measured on 100 000 products). Both databases print doubles round-trip exact, so the numbers are
 * the ones a row object would hold (the golden CSV tests pin this on both). pg parses `json` itself.
 */
export function exportTupleSql(db: Kysely<Database>, filter: ExportFilter): RawBuilder<string | unknown[]> {
  const columns = sql.join([...EXPORT_COLUMNS, ...groupsFor(filter)].map((column) => sql.ref(column)));
  return isSqlite(db as Kysely<unknown>) ? sql`json_array(${columns})` : sql`json_build_array(${columns})`;
}

/** The tuple from what the driver answered (SQLite: JSON text; PostgreSQL: already parsed). */
export const parseTuple = (value: string | unknown[]): ExportTuple => (typeof value === 'string' ? JSON.parse(value) : value) as ExportTuple;

export type StoredImages = { readonly urls: string[]; readonly byAsset: Map<string, string> };

const NO_URLS: readonly string[] = Object.freeze([]);

type RecordOf = (tuple: ExportTuple, pricing: JsonObject, storedImages: readonly string[]) => ExportRecord;

/**
 * The tuple → record function, written once from the field list: each field read at its index, as its storage
 * kind reads it. Kept generated (`new Function`, from field names checked to be plain identifiers) because it is
 * measurably faster: a generated object literal builds the record as one fast object shape in one step, where
 * filling an object field by field in a loop (or filling a cloned template) cost 0.5–1 µs more a row, re-measured
 * on 100 000 rows of the export's 26 columns (issue 30 review; ~10 % of products.csv's time per row).
 */
function compileRecordOf(): RecordOf {
  const properties = EXPORT_FIELDS.map((spec, at) => {
    if (!/^[a-z_]+$/.test(spec.field)) throw new Error(`not a field name: ${spec.field}`);
    return spec.stored === 'plain' ? `${spec.field}: tuple[${at}]` : `${spec.field}: read[${at}](tuple[${at}])`;
  });
  const read = EXPORT_FIELDS.map((spec) => FROM_COLUMN[spec.stored]);
  const body = `return { ${properties.join(', ')}, pricing, stored_images };`;
  return new Function('read', `return function recordOf(tuple, pricing, stored_images) { ${body} };`)(read) as RecordOf;
}
const recordOf = compileRecordOf();

/** The record the exports read. */
export function toRecord(tuple: ExportTuple, stored: StoredImages | undefined, filter: ExportFilter): ExportRecord {
  const groups = groupsFor(filter);
  const groupAt = (group: Group): string | undefined => {
    const at = groups.indexOf(group);
    return at < 0 ? undefined : ((tuple[EXPORT_COLUMNS.length + at] as string | null | undefined) ?? undefined);
  };
  const pricing = groupAt('pricing');
  const record = recordOf(tuple, pricing === undefined ? {} : (JSON.parse(pricing) as JsonObject), stored?.urls ?? NO_URLS);
  if (!filter.withVariants && !filter.withTexts) return record;
  return {
    ...record,
    attributes: JSON.parse(groupAt('attributes') ?? '{}') as JsonObject,
    ...(filter.withVariants
      ? { variants: JSON.parse(groupAt('variants') ?? '[]') as Variant[], stored_by_asset: stored?.byAsset ?? new Map<string, string>() }
      : {}),
    ...(filter.withTexts ? { description: groupAt('description') ?? '' } : {}),
  };
}
