import { AsyncResource } from 'node:async_hooks';
import { CompiledQuery, type Kysely } from 'kysely';
import { type TransactionalRepositories, type UnitOfWork } from '../../application/ports/unit-of-work.ts';
import { type Database } from './database.ts';

/**
 * At most this many units share one commit, so a reader queued behind a group waits for a few milliseconds of
 * writing, not for a whole backlog.
 */
const MAX_GROUP = 32;

const SAVEPOINT = CompiledQuery.raw('savepoint unit_of_work');
const ROLLBACK_TO = CompiledQuery.raw('rollback to unit_of_work');
const RELEASE = CompiledQuery.raw('release unit_of_work');

type Queued = {
  readonly work: (repos: TransactionalRepositories) => Promise<unknown>;
  /** The caller's async context (its request's actor), which the unit runs in, not the one that wrote the group. */
  readonly context: AsyncResource;
  readonly resolve: (value: unknown) => void;
  readonly reject: (error: unknown) => void;
};

type Outcome = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly error: unknown };

/**
 * Group commit for SQLite, whose one connection writes one transaction at a time anyway. Units of work asked for
 * in the same turn of the event loop (the requests read from the sockets together) wait for the next check
 * phase, then run one after another in ONE transaction, each inside its own savepoint: a unit that throws is
 * rolled back to its savepoint alone and rejects with its error, the others go on. One COMMIT then writes them
 * all: SQLite's cost is mostly per commit (the WAL pages of every index touched, the FTS5 segment flush and its
 * merges), so a group of 16 collects writes about a fifth of the pages 16 commits did.
 *
 * Crash safety is unchanged: no caller's promise settles before the COMMIT has returned (WAL with
 * synchronous=NORMAL keeps a returned commit across a process crash), so nobody is answered for a write that
 * could be lost; a crash before it loses the whole group and answers none of it. A failed COMMIT rejects every
 * unit of the group. Each unit still sees the writes of the units before it, as it would after their commits.
 * Like a plain transaction on the one connection, a unit must not wait on another unit of work or on a query
 * outside its repositories (it would wait for its own group).
 */
export function makeSqliteGroupCommit(db: Kysely<Database>, reposOf: (trx: Kysely<Database>) => TransactionalRepositories): UnitOfWork {
  const queue: Queued[] = [];
  let scheduled = false;
  let writing = false;

  async function writeGroup(): Promise<void> {
    scheduled = false;
    writing = true;
    const group = queue.splice(0, MAX_GROUP);
    const outcomes: Outcome[] = [];
    try {
      await db.transaction().execute(async (trx) => {
        const repos = reposOf(trx);
        for (const unit of group) {
          await trx.executeQuery(SAVEPOINT);
          try {
            outcomes.push({ ok: true, value: await unit.context.runInAsyncScope(unit.work, undefined, repos) });
          } catch (error) {
            outcomes.push({ ok: false, error });
            await trx.executeQuery(ROLLBACK_TO);
          }
          await trx.executeQuery(RELEASE);
        }
      });
    } catch (error) {
      // Not committed: nothing of the group is stored. Units that failed by themselves keep their own error.
      group.forEach((unit, at) => unit.reject(outcomes[at]?.ok === false ? outcomes[at].error : error));
      return;
    } finally {
      writing = false;
      schedule();
    }
    group.forEach((unit, at) => {
      const outcome = outcomes[at]!;
      if (outcome.ok) unit.resolve(outcome.value);
      else unit.reject(outcome.error);
    });
  }

  function schedule(): void {
    if (scheduled || writing || queue.length === 0) return;
    scheduled = true;
    setImmediate(() => void writeGroup());
  }

  return {
    run<T>(work: (repos: TransactionalRepositories) => Promise<T>): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        queue.push({ work, context: new AsyncResource('UnitOfWork'), resolve: resolve as (value: unknown) => void, reject });
        schedule();
      });
    },
  };
}
