/** Table types of the catalog feature (its migration is migrations/003-catalog.ts). */
export type CatalogTables = {
  /** Products per stage, kept by triggers on `products` (a list's total without `q`). */
  product_stage_counts: { stage: string; n: number };
};
