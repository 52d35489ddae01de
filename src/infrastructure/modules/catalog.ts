import { type Cradle, type FeatureModuleOf } from '../container.ts';

/** What this feature adds to the container. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export type CatalogRegistry = {};

/** products, stages, pricing, exchange rate, exports (issue 4). */
export const catalogModule: FeatureModuleOf = {
  name: 'catalog',
  register(_container) {},
  protectedRoutes: (_cradle: Cradle) => [],
};
