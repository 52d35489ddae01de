/** Table types of the intake feature (its migration is migrations/00N-intake.ts). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export type IntakeTables = {};
