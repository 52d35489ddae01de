/** Table types of the catalog feature (its migration is migrations/00N-catalog.ts). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export type CatalogTables = {};
