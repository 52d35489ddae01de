import { type Clock } from '../ports/clock.ts';
import { type ExtLogEntry, type ExtensionStore } from '../ports/extension-store.ts';
import { type Ids } from '../ports/ids.ts';
import { type JsonObject } from '../../domain/common/json.ts';

/** Telemetry kept at most; older events are dropped as new ones arrive. */
export const EXT_LOG_CAP = 10_000;

export type RecordExtLogs = (events: readonly JsonObject[]) => Promise<{ accepted: number }>;
export type ListExtLogs = (input: { page: number; pageSize: number }) => Promise<{ total: number; items: ExtLogEntry[] }>;

/** POST /ext/logs: keeps a batch of events in arrival order, capped. */
export function makeRecordExtLogs({ extensionStore, ids, clock }: { extensionStore: ExtensionStore; ids: Ids; clock: Clock }): RecordExtLogs {
  return async (events) => {
    const receivedAt = clock.now().toISOString();
    await extensionStore.appendLogs(
      events.map((event) => ({ id: ids.uuid(), received_at: receivedAt, event })),
      EXT_LOG_CAP,
    );
    return { accepted: events.length };
  };
}

/** GET /ext/logs: newest first, paged. */
export function makeListExtLogs({ extensionStore }: { extensionStore: ExtensionStore }): ListExtLogs {
  return ({ page, pageSize }) => extensionStore.listLogs(page, pageSize);
}
