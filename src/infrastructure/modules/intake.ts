import { type Cradle, type FeatureModuleOf } from '../container.ts';

/** What this feature adds to the container. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export type IntakeRegistry = {};

/** collection intake, downloads, proxy-image, uploads, extension operations (issue 3). */
export const intakeModule: FeatureModuleOf = {
  name: 'intake',
  register(_container) {},
  protectedRoutes: (_cradle: Cradle) => [],
};
