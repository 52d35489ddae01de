import { type Clock } from '../ports/clock.ts';
import { type ExtensionStore } from '../ports/extension-store.ts';
import { DEFAULT_EXT_PROFILES, type ExtProfile, type ExtProfiles, extProfilesEtag } from '../../domain/intake/ext-profiles.ts';

export type TaggedProfiles = { readonly profiles: ExtProfiles; readonly etag: string };
export type GetExtProfiles = () => Promise<TaggedProfiles>;
export type SaveExtProfiles = (profiles: readonly ExtProfile[]) => Promise<TaggedProfiles>;

const tagged = (profiles: ExtProfiles): TaggedProfiles => ({ profiles, etag: extProfilesEtag(profiles) });

/** GET /ext/profiles: the saved document, or the built-in defaults for 1688, taobao and ozon. */
export function makeGetExtProfiles({ extensionStore }: { extensionStore: ExtensionStore }): GetExtProfiles {
  return async () => tagged((await extensionStore.profiles()) ?? DEFAULT_EXT_PROFILES);
}

/** PUT /ext/profiles: replaces the document with a higher version, so every ETag before it goes stale. */
export function makeSaveExtProfiles({ extensionStore, clock }: { extensionStore: ExtensionStore; clock: Clock }): SaveExtProfiles {
  return async (profiles) => {
    const current = (await extensionStore.profiles()) ?? DEFAULT_EXT_PROFILES;
    const next: ExtProfiles = { version: current.version + 1, updated_at: clock.now().toISOString(), profiles };
    await extensionStore.saveProfiles(next);
    return tagged(next);
  };
}
