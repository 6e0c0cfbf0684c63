import 'i18next';
import type { Catalogue } from '@councilpay/i18n';

/** Typed `t()`: a key that is not in the catalogues is a compile error. */
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Catalogue };
    returnNull: false;
  }
}
