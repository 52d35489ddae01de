import { fileURLToPath } from 'node:url';
import { webPageRoutes } from '../../adapters/http/routes/web-page.ts';
import { originOf, pageContentSecurityPolicy } from '../../adapters/http/security-headers.ts';
import { type FeatureModule } from '../feature-module.ts';
import { type CoreRegistry } from '../registries/core.ts';

/** Where `npm run build:web` writes the page. */
export const WEB_DIST_DIR = fileURLToPath(new URL('../../../web/dist', import.meta.url));

/** the seller's web page served at / (issue 7); it registers nothing in the container. */
export const webModule: FeatureModule<Record<never, never>, Pick<CoreRegistry, 'config' | 'objectStore'>> = {
  name: 'web',
  provide: () => ({}),
  // Stored images and videos are shown from where the store hands them out: this origin, PUBLIC_BASE_URL's, or the bucket's.
  publicRoutes: ({ config, objectStore }) => {
    const mediaOrigins = [originOf(config.publicBaseUrl), originOf(objectStore.urlFor('probe.jpg'))].filter((origin) => origin !== undefined);
    return [webPageRoutes(WEB_DIST_DIR, pageContentSecurityPolicy(mediaOrigins))];
  },
};
