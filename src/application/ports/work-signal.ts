/**
 * Tells the other instances sharing the database that work was handed back (a graceful stop), so their workers
 * look at once instead of at their next poll. One process on SQLite has no one to tell: its adapter does nothing.
 */
export interface WorkSignal {
  /** Tells every listening instance (this one included) that leased work is free now. */
  announce(): Promise<void>;
  /** Calls `listener` whenever an instance announces; the listener must not throw. */
  listen(listener: () => void): Promise<void>;
  /** Stops listening and frees the connection it held. */
  close(): Promise<void>;
}
