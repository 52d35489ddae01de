/** A cheap liveness probe of the database. */
export interface DatabaseHealth {
  /** Resolves true when a trivial query round-trips, false otherwise (never throws). */
  ping(): Promise<boolean>;
}
