/**
 * Message catalogues of CouncilPay in Malay (default and fallback), English and Chinese, shared by the
 * portal and the console (through i18next) and by e-mails and documents (through `translate`).
 * Imports no framework and no Node module, and has no side effects (package.json `sideEffects: false`),
 * so a bundle that imports only `ms` and `loadCatalogue` leaves the other catalogues to lazy chunks.
 */
export { en, ms, zh, type Catalogue } from './catalogues/full';
export type { PublicCatalogue } from './catalogues/en';
export { msCore } from './catalogues/ms-core';
export { CORE_GROUPS, type CoreGroup, type CoreCatalogue, type FeatureCatalogue } from './groups';
export { catalogues, resources, I18N_NAMESPACE } from './resources';
export { loadCatalogue, loadMalayFeatures } from './load';
export { MESSAGE_KEYS, isMessageKey, flattenMessages, type MessageKey } from './keys';
export { resolveLanguage } from './language';
export { translate, interpolate, createTranslator, type InterpolationValues, type Translator } from './translate';
export { messageTexts, type MessageTexts } from './emails';
export { reactAdminMs } from './react-admin/ms';
export { reactAdminZh } from './react-admin/zh';
export type { ReactAdminMessages, MessageTree } from './react-admin/types';
export {
  FPX_REASON_TRANSLATIONS,
  CARD_REASON_TRANSLATIONS,
  gatewayReasonText,
  gatewayReasonLine,
  type GatewayRefusal,
} from './gateway-reasons';
export { billImportMessageKey } from './bill-imports';
