/**
 * The most units of work (as `done()` counts them) finished between two turns of the event loop: an Immediate
 * that renews itself samples each turn. A background loop that never yields shows its whole backlog in one turn.
 */
export function busiestTurn(done: () => number): { stop(): number } {
  let most = 0;
  let last = done();
  let stopped = false;
  const sample = (): void => {
    most = Math.max(most, done() - last);
    last = done();
    if (!stopped) setImmediate(sample);
  };
  setImmediate(sample);
  return {
    stop() {
      stopped = true;
      return most;
    },
  };
}
