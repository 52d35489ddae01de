import { ApiError } from '../api/client.ts';
import { type Patch, addEdit, isEmptyPatch, withoutAcknowledged } from './patch.ts';

/**
 * `dirty`: typed, not sent yet; `saving`: a PATCH is in flight; `saved`: the server has everything;
 * `conflict`: someone else saved first (412); `error`: the save failed and is retried; `invalid`: the server
 * refused the values (422/409) and waits for the user's next edit.
 */
export type SaveStatus = 'saved' | 'dirty' | 'saving' | 'conflict' | 'error' | 'invalid';

export type SaveState = {
  readonly status: SaveStatus;
  readonly detail: string;
  readonly pending: Patch;
  readonly problems: readonly { path: string; message: string }[];
};

export type AutosaveDeps<P> = {
  /** Sends one PATCH with `If-Match: version` and answers the updated product. */
  readonly send: (patch: Patch, version: number) => Promise<P>;
  readonly versionOf: (product: P) => number;
  readonly onState: (state: SaveState) => void;
  readonly onSaved: (product: P) => void;
  /** Keeps the unsaved edits somewhere that survives a closed tab. */
  readonly persist?: (pending: Patch) => void;
  readonly debounceMs?: number;
  /** Waits between automatic retries after a failed save; the last one repeats. */
  readonly retryDelaysMs?: readonly number[];
};

const DEFAULT_DEBOUNCE_MS = 600;
const DEFAULT_RETRY_DELAYS_MS = [2_000, 5_000, 15_000, 30_000] as const;

export type Autosaver<P> = {
  edit(field: string, value: unknown, group?: string): void;
  /** Sends now whatever is pending (before a stage move, an apply, or leaving). */
  flush(): Promise<void>;
  /** After a 412: adopt the server's latest version, keeping or dropping the unsaved edits. */
  resolveConflict(latest: P, keepMine: boolean): Promise<void>;
  /** The saved base changed for another reason (stage move, copy apply): adopt its version. */
  rebase(latest: P): void;
  state(): SaveState;
  hasUnsaved(): boolean;
  dispose(): void;
};

export function makeAutosaver<P>(initial: P, initialPending: Patch, deps: AutosaveDeps<P>): Autosaver<P> {
  const debounceMs = deps.debounceMs ?? DEFAULT_DEBOUNCE_MS;
  const retryDelays = deps.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
  let version = deps.versionOf(initial);
  let pending: Patch = initialPending;
  let status: SaveStatus = isEmptyPatch(pending) ? 'saved' : 'dirty';
  let detail = '';
  let problems: SaveState['problems'] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  let inFlight: Promise<void> | null = null;
  let failures = 0;
  let disposed = false;

  const state = (): SaveState => ({ status, detail, pending, problems });
  const publish = (): void => {
    deps.persist?.(pending);
    deps.onState(state());
  };
  const schedule = (delayMs: number): void => {
    clearTimeout(timer);
    if (!disposed) timer = setTimeout(() => void flush(), delayMs);
  };

  async function sendOnce(): Promise<void> {
    const sent = pending;
    status = 'saving';
    publish();
    try {
      const product = await deps.send(sent, version);
      version = deps.versionOf(product);
      pending = withoutAcknowledged(pending, sent);
      failures = 0;
      status = isEmptyPatch(pending) ? 'saved' : 'dirty';
      detail = '';
      problems = [];
      deps.onSaved(product);
      if (!isEmptyPatch(pending)) schedule(debounceMs);
    } catch (error) {
      if (error instanceof ApiError && error.status === 412) {
        status = 'conflict';
        detail = '这个商品已在别处被修改。你的修改还保留着：可以载入最新版本后继续保存，或放弃你的修改。';
      } else if (error instanceof ApiError && (error.status === 422 || error.status === 409 || error.status === 404 || error.status === 413)) {
        status = 'invalid';
        detail = error.detail;
        problems = error.errors ?? [];
      } else {
        failures += 1;
        status = 'error';
        detail = `${error instanceof Error ? error.message : String(error)}，已保留修改，稍后自动重试`;
        schedule(retryDelays[Math.min(failures - 1, retryDelays.length - 1)] ?? 30_000);
      }
    }
    publish();
  }

  async function flush(): Promise<void> {
    clearTimeout(timer);
    while (inFlight) await inFlight;
    if (isEmptyPatch(pending) || status === 'conflict' || disposed) return;
    inFlight = sendOnce().finally(() => {
      inFlight = null;
    });
    await inFlight;
  }

  return {
    edit(field, value, group) {
      pending = addEdit(pending, field, value, group);
      if (status !== 'conflict') {
        status = inFlight ? 'saving' : 'dirty';
        problems = [];
        schedule(debounceMs);
      }
      publish();
    },
    flush,
    async resolveConflict(latest, keepMine) {
      version = deps.versionOf(latest);
      if (!keepMine) pending = {};
      status = isEmptyPatch(pending) ? 'saved' : 'dirty';
      detail = '';
      deps.onSaved(latest);
      publish();
      await flush();
    },
    rebase(latest) {
      version = deps.versionOf(latest);
    },
    state,
    hasUnsaved: () => !isEmptyPatch(pending),
    dispose() {
      disposed = true;
      clearTimeout(timer);
    },
  };
}
