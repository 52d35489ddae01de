import { asFunction } from 'awilix';
import { makeListExtLogs, makeRecordExtLogs } from '../../application/use-cases/ext-logs.ts';
import { makeGetExtProfiles, makeSaveExtProfiles } from '../../application/use-cases/ext-profiles.ts';
import { extRoutes } from '../../adapters/http/routes/ext.ts';
import { makeKyselyExtensionStore } from '../../adapters/persistence/kysely-extension-store.ts';
import { type FeatureModule } from '../feature-module.ts';
import { type CoreRegistry } from '../registries/core.ts';
import { type ExtensionRegistry } from '../registries/extension.ts';

type Deps = ExtensionRegistry & CoreRegistry;

/** The browser extension's own operations: its collection profiles and the logs it sends (issue 3). */
export const extensionModule: FeatureModule<ExtensionRegistry, CoreRegistry> = {
  name: 'extension',
  provide: () => ({
    extensionStore: asFunction(({ db }: Deps) => makeKyselyExtensionStore(db)).singleton(),
    getExtProfiles: asFunction(({ extensionStore }: Deps) => makeGetExtProfiles({ extensionStore })).singleton(),
    saveExtProfiles: asFunction(({ extensionStore, clock }: Deps) => makeSaveExtProfiles({ extensionStore, clock })).singleton(),
    recordExtLogs: asFunction(({ extensionStore, ids, clock }: Deps) => makeRecordExtLogs({ extensionStore, ids, clock })).singleton(),
    listExtLogs: asFunction(({ extensionStore }: Deps) => makeListExtLogs({ extensionStore })).singleton(),
  }),
  protectedRoutes: (c) => [
    extRoutes({ getExtProfiles: c.getExtProfiles, saveExtProfiles: c.saveExtProfiles, recordExtLogs: c.recordExtLogs, listExtLogs: c.listExtLogs }),
  ],
};
