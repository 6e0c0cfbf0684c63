import { consoleEn } from './console/en';
import { consoleMs } from './console/ms';
import { consoleZh } from './console/zh';
import { enPublic } from './en';
import { msCore } from './ms-core';
import { msFeatures } from './ms-features';
import { zhPublic } from './zh';

/**
 * English, whole: the public groups and the staff console's own labels (react-admin's built-in texts come from
 * react-admin). Its type is the key set.
 */
export const en = { ...enPublic, console: consoleEn };

/** The shape every catalogue has: en's keys, every value a string. */
export type Catalogue = typeof en;

/**
 * Bahasa Malaysia, whole: the portal's default language and the fallback for every other one. Same keys as
 * `en` (checked by the type), same placeholders. In parts, so a web app can bundle only the groups its first
 * paint needs (groups.ts) and the portal never loads the console's.
 */
export const ms: Catalogue = { ...msCore, ...msFeatures, console: consoleMs };

/** Simplified Chinese, whole. */
export const zh: Catalogue = { ...zhPublic, console: consoleZh };
