/**
 * One feature's benchmark. `npm run bench` runs every section in bench/sections/ in one process, each against
 * its own bare baseline in the same run, and writes their markdown into bench/RESULTS.md.
 */
export type BenchSection = {
  readonly title: string;
  /** Runs the measurements and returns a markdown body (tables of req/s, p99, ratios, RSS…). */
  run(): Promise<string>;
};
