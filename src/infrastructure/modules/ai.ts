import { type Cradle, type FeatureModuleOf } from '../container.ts';

/** What this feature adds to the container. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export type AiRegistry = {};

/** AI copy, suite planning and generation, image edits (issue 5). */
export const aiModule: FeatureModuleOf = {
  name: 'ai',
  register(_container) {},
  protectedRoutes: (_cradle: Cradle) => [],
};
