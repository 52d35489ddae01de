import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type BetterSqlite3 from 'better-sqlite3';

/** How often the checkpoint thread copies committed WAL pages into the database file. */
const CHECKPOINT_EVERY_MS = 250;
/** SQLite's own default, restored if the thread ever stops: the WAL never grows without bound. */
const AUTOCHECKPOINT_PAGES = 1000;
/**
 * The WAL file's size once a burst is over. Under a sustained load (100 000 collects in a row) a PASSIVE
 * checkpoint never catches the last commit, so the WAL cannot start over and grows (~1.2 GB in the backlog bench);
 * when the writes pause the next checkpoint completes, the next commit starts the WAL over, and SQLite truncates
 * the file to this size instead of keeping its largest size for ever.
 */
export const WAL_SIZE_LIMIT_BYTES = 64 * 1024 * 1024;

// Plain CommonJS, run with `eval`: the thread needs no TypeScript loader (tests, tsx and plain node alike).
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file, { timeout: 0 });
db.pragma('journal_size_limit = ' + workerData.walSizeLimit);
const checkpoint = () => db.pragma('wal_checkpoint(PASSIVE)');
const timer = setInterval(checkpoint, workerData.everyMs);
parentPort.on('message', () => {
  clearInterval(timer);
  checkpoint();
  db.close();
  parentPort.close();
});
`;

export type Checkpointer = { stop(): Promise<void> };

/**
 * Checkpoints a WAL database from a thread of its own. SQLite's automatic checkpoint runs inside the COMMIT that
 * crosses 1 000 WAL pages: it copies ~4 MB into the database file and fsyncs both files on the event loop, a
 * 5–30 ms stall for every request in flight, every ~80 collects. Here the main connection never checkpoints;
 * the thread runs a PASSIVE checkpoint every 250 ms, which copies what no reader still needs without blocking
 * the writer. Durability is the commit's (WAL, synchronous=NORMAL), not the checkpoint's: nothing changes for
 * a crash. If the thread fails, the connection checkpoints by itself again.
 */
export function startCheckpointer(connection: BetterSqlite3.Database, file: string): Checkpointer {
  connection.pragma('wal_autocheckpoint = 0');
  connection.pragma(`journal_size_limit = ${WAL_SIZE_LIMIT_BYTES}`);
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { file, driver, everyMs: CHECKPOINT_EVERY_MS, walSizeLimit: WAL_SIZE_LIMIT_BYTES } });
  worker.unref();
  let stopped = false;
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  const fallBack = (): void => {
    if (!stopped && connection.open) connection.pragma(`wal_autocheckpoint = ${AUTOCHECKPOINT_PAGES}`);
  };
  worker.once('error', fallBack);
  worker.once('exit', fallBack);
  return {
    async stop() {
      if (stopped) return;
      stopped = true;
      // Held while it finishes: an unreferenced thread alone would let the process end before `exited`.
      worker.ref();
      worker.postMessage('stop');
      await exited;
    },
  };
}
