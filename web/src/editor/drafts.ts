import { type Patch, isEmptyPatch } from './patch.ts';

/** Unsaved edits kept per product in localStorage, so a closed tab or a crash loses nothing typed. */
export type DraftStore = {
  load(productId: string): Patch;
  save(productId: string, pending: Patch): void;
};

const key = (productId: string): string => `lws.draft.${productId}`;

export function makeDraftStore(storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>): DraftStore {
  return {
    load(productId) {
      try {
        const parsed = JSON.parse(storage.getItem(key(productId)) ?? '{}') as unknown;
        return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Patch) : {};
      } catch {
        return {};
      }
    },
    save(productId, pending) {
      if (isEmptyPatch(pending)) storage.removeItem(key(productId));
      else storage.setItem(key(productId), JSON.stringify(pending));
    },
  };
}
