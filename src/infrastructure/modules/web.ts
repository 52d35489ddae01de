import { type Cradle, type FeatureModuleOf } from '../container.ts';

/** What this feature adds to the container. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export type WebRegistry = {};

/** the seller's web page served at / (issue 7). */
export const webModule: FeatureModuleOf = {
  name: 'web',
  register(_container) {},
  protectedRoutes: (_cradle: Cradle) => [],
};
