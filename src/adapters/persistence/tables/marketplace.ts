/** Table types of the marketplace feature (its migration is migrations/00N-marketplace.ts). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export type MarketplaceTables = {};
