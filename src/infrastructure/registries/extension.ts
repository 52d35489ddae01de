import { type ExtensionStore } from '../../application/ports/extension-store.ts';
import { type ListExtLogs, type RecordExtLogs } from '../../application/use-cases/ext-logs.ts';
import { type GetExtProfiles, type SaveExtProfiles } from '../../application/use-cases/ext-profiles.ts';

/** What this feature adds to the container. */
export type ExtensionRegistry = {
  extensionStore: ExtensionStore;
  getExtProfiles: GetExtProfiles;
  saveExtProfiles: SaveExtProfiles;
  recordExtLogs: RecordExtLogs;
  listExtLogs: ListExtLogs;
};
