/** Table types of the ai feature (its migration is migrations/00N-ai.ts). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export type AiTables = {};
