import type { Catalogue } from './en';
import { msCore } from './ms-core';
import { msFeatures } from './ms-features';

/**
 * Bahasa Malaysia: the portal's default language and the fallback for every other one. Same keys as
 * `en` (checked by the type), same placeholders. In two parts, so a web app can bundle only the groups
 * its first paint needs (groups.ts).
 */
export const ms: Catalogue = { ...msCore, ...msFeatures };
