import { type Kysely, sql } from 'kysely';
import { type DatabaseHealth } from '../../application/ports/database-health.ts';
import { type Database } from './database.ts';

export function makeKyselyDatabaseHealth(db: Kysely<Database>): DatabaseHealth {
  return {
    async ping() {
      try {
        await sql`select 1`.execute(db);
        return true;
      } catch {
        return false;
      }
    },
  };
}
