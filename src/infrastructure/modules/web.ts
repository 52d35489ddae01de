import { fileURLToPath } from 'node:url';
import { webPageRoutes } from '../../adapters/http/routes/web-page.ts';
import { type FeatureModule } from '../feature-module.ts';

/** Where `npm run build:web` writes the page. */
export const WEB_DIST_DIR = fileURLToPath(new URL('../../../web/dist', import.meta.url));

/** the seller's web page served at / (issue 7); it registers nothing in the container. */
export const webModule: FeatureModule<Record<never, never>, Record<never, never>> = {
  name: 'web',
  provide: () => ({}),
  publicRoutes: () => [webPageRoutes(WEB_DIST_DIR)],
};
