import type { PublicCatalogue } from './catalogues/en';

/**
 * The catalogue groups a web app needs before anything else: its shell, home page, page titles and error
 * messages. The portal bundles these in Malay (the default language) and loads the other groups after the
 * first paint (`loadMalayFeatures`), so the first load does not grow with every feature's messages.
 */
export const CORE_GROUPS = [
  'common',
  'languages',
  'shell',
  'home',
  'announcement',
  'update',
  'not_found',
  'pages',
  'errors',
] as const satisfies ReadonlyArray<keyof PublicCatalogue>;

export type CoreGroup = (typeof CORE_GROUPS)[number];
export type CoreCatalogue = Pick<PublicCatalogue, CoreGroup>;
/** The public groups outside the core; the console's own group is never part of a public app's load. */
export type FeatureCatalogue = Omit<PublicCatalogue, CoreGroup>;
