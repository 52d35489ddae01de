import { type Kysely } from 'kysely';

/** Reserved for the intake feature's tables; empty until that feature needs one. */
export async function up(_db: Kysely<unknown>): Promise<void> {}

export async function down(_db: Kysely<unknown>): Promise<void> {}
