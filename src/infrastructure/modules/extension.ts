import { asFunction } from 'awilix';
import { type ExtensionStore } from '../../application/ports/extension-store.ts';
import { type ListExtLogs, type RecordExtLogs, makeListExtLogs, makeRecordExtLogs } from '../../application/use-cases/ext-logs.ts';
import { type GetExtProfiles, type SaveExtProfiles, makeGetExtProfiles, makeSaveExtProfiles } from '../../application/use-cases/ext-profiles.ts';
import { extRoutes } from '../../adapters/http/routes/ext.ts';
import { makeKyselyExtensionStore } from '../../adapters/persistence/kysely-extension-store.ts';
import { type Cradle, type FeatureModuleOf } from '../container.ts';

/** What this feature adds to the container. */
export type ExtensionRegistry = {
  extensionStore: ExtensionStore;
  getExtProfiles: GetExtProfiles;
  saveExtProfiles: SaveExtProfiles;
  recordExtLogs: RecordExtLogs;
  listExtLogs: ListExtLogs;
};

/** The browser extension's own operations: its collection profiles and the logs it sends (issue 3). */
export const extensionModule: FeatureModuleOf = {
  name: 'extension',
  register(container) {
    container.register({
      extensionStore: asFunction(({ db }: Cradle) => makeKyselyExtensionStore(db)).singleton(),
      getExtProfiles: asFunction(({ extensionStore }: Cradle) => makeGetExtProfiles({ extensionStore })).singleton(),
      saveExtProfiles: asFunction(({ extensionStore, clock }: Cradle) => makeSaveExtProfiles({ extensionStore, clock })).singleton(),
      recordExtLogs: asFunction(({ extensionStore, ids, clock }: Cradle) => makeRecordExtLogs({ extensionStore, ids, clock })).singleton(),
      listExtLogs: asFunction(({ extensionStore }: Cradle) => makeListExtLogs({ extensionStore })).singleton(),
    });
  },
  protectedRoutes: (c) => [
    extRoutes({ getExtProfiles: c.getExtProfiles, saveExtProfiles: c.saveExtProfiles, recordExtLogs: c.recordExtLogs, listExtLogs: c.listExtLogs }),
  ],
};
