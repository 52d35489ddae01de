import v8 from 'node:v8';

/**
 * How far past what the last full collection kept V8 lets the heap grow before collecting again, in percent.
 * V8's own choice on a machine with gigabytes is up to 300 % (4×): the service keeps ~60 MB alive whatever the
 * backlog, yet a burst of short-lived garbage (a list under load, a 100 000-row export) left ~250 MB of heap and
 * ~400 MB RSS behind until the next collection (bench "Backlog": a forced full collection brought it back to
 * ~240 MB). At 50 % the heap stays near 120 MB under the same loads, for a few more full collections (each a few
 * ms of pause; marking runs concurrently).
 */
export const HEAP_GROWING_PERCENT = 50;

const FLAG = '--heap-growing-percent';

/** Sets the heap policy unless the command line chose one (`node --heap-growing-percent=… src/main.ts`); returns the flag it set. */
export function applyHeapPolicy(execArgv: readonly string[] = process.execArgv): string | undefined {
  if (execArgv.some((arg) => arg === FLAG || arg.startsWith(`${FLAG}=`))) return undefined;
  const flag = `${FLAG}=${HEAP_GROWING_PERCENT}`;
  v8.setFlagsFromString(flag);
  return flag;
}
