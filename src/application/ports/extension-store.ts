import { type ExtProfiles } from '../../domain/intake/ext-profiles.ts';
import { type JsonObject } from '../../domain/common/json.ts';

/** One telemetry event the extension sent, as received. */
export type ExtLogEntry = { readonly id: string; readonly received_at: string; readonly event: JsonObject };

/** The extension's remote configuration and telemetry. */
export interface ExtensionStore {
  /** The saved profiles document, or undefined while none was saved. */
  profiles(): Promise<ExtProfiles | undefined>;
  /** Replaces the saved profiles document. */
  saveProfiles(profiles: ExtProfiles): Promise<void>;
  /** Appends events in order, then drops the oldest beyond `keep` entries. */
  appendLogs(entries: readonly ExtLogEntry[], keep: number): Promise<void>;
  /** One page of events, newest first, with the total kept. */
  listLogs(page: number, pageSize: number): Promise<{ total: number; items: ExtLogEntry[] }>;
}
