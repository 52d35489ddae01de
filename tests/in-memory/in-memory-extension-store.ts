import { type ExtensionStore, type ExtLogEntry } from '../../src/application/ports/extension-store.ts';
import { type ExtProfiles } from '../../src/domain/intake/ext-profiles.ts';
import { copy } from './catalog-state.ts';

/** The ExtensionStore in memory; passes the ExtensionStore contract in tests/contract/intake-persistence.test.ts. */
export function makeInMemoryExtensionStore(): ExtensionStore {
  let saved: ExtProfiles | undefined;
  // Arrival order, oldest first; `received_at` then arrival decides what is newest, as the table's (received_at, seq).
  let logs: ExtLogEntry[] = [];
  const newestFirst = () =>
    logs
      .map((entry, seq) => ({ entry, seq }))
      .sort((a, b) => b.entry.received_at.localeCompare(a.entry.received_at) || b.seq - a.seq)
      .map(({ entry }) => entry);
  return {
    profiles: async () => (saved ? copy(saved) : undefined),
    async saveProfiles(profiles) {
      saved = copy(profiles);
    },
    async appendLogs(entries, keep) {
      logs.push(...copy(entries));
      const kept = new Set(newestFirst().slice(0, keep));
      logs = logs.filter((entry) => kept.has(entry));
    },
    async listLogs(page, pageSize) {
      return { total: logs.length, items: copy(newestFirst().slice((page - 1) * pageSize, page * pageSize)) };
    },
  };
}
