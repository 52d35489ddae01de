import { type PublicAddress, publicAddressOf } from '../domain/media/public-address.ts';
import { type ObjectStore } from './ports/object-store.ts';

const PROBE_KEY = 'probe.jpg';

/** Whether the store's addresses (made from the settings now) are public: the shop and publish screens and the start-up log say so. */
export const publicAddressOfStore = (objectStore: Pick<ObjectStore, 'urlFor'>): PublicAddress => publicAddressOf(objectStore.urlFor(PROBE_KEY), PROBE_KEY);
