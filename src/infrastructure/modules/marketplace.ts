import { type Cradle, type FeatureModuleOf } from '../container.ts';

/** What this feature adds to the container. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export type MarketplaceRegistry = {};

/** shops, categories, publishing (issue 6). */
export const marketplaceModule: FeatureModuleOf = {
  name: 'marketplace',
  register(_container) {},
  protectedRoutes: (_cradle: Cradle) => [],
};
