import type { Language } from '@councilpay/domain';
import { isMessageKey, translate, type InterpolationValues, type MessageKey } from '@councilpay/i18n';
import { defaultI18nProvider, type I18nProvider } from 'react-admin';

/**
 * The console's one i18nProvider. Our own labels come from the shared catalogues (libs/i18n, group
 * `console`, plus any MessageKey such as `payment_types.assessment`); react-admin's built-in texts
 * (`ra.*`) come from its default English provider.
 *
 * TODO(console-i18n): offer Malay and Chinese. Our catalogues have them already; react-admin's own
 * texts need a Malay and a Chinese pack (not installed: ra-language-* for ms/zh would be new packages).
 */
export const CONSOLE_LOCALE: Language = 'en';

/** react-admin's label keys for our resources and fields -> catalogue keys. */
const LABELS: Readonly<Record<string, MessageKey>> = {
  'resources.councils.fields.code': 'console.field_code',
  'resources.councils.fields.name.ms': 'console.field_name_ms',
  'resources.councils.fields.name.en': 'console.field_name_en',
  'resources.councils.fields.name.zh': 'console.field_name_zh',
  'resources.councils.fields.logoUrl': 'console.field_logo',
  'resources.councils.fields.active': 'console.field_active',
  'resources.councils.fields.payableTypes': 'console.field_payable_types',
  'resources.councils.fields.isDefault': 'console.field_is_default',
  'resources.configuration.name': 'console.configuration',
  'resources.configuration.fields.serviceClosed': 'console.field_service_closed',
  'resources.configuration.fields.announcement.ms': 'console.field_announcement_ms',
  'resources.configuration.fields.announcement.en': 'console.field_announcement_en',
  'resources.configuration.fields.announcement.zh': 'console.field_announcement_zh',
  'resources.configuration.fields.appVersion': 'console.field_app_version',
  'resources.configuration.fields.defaultCouncil': 'console.field_default_council',
};

/** The string and number options react-admin passes, as placeholder values. */
function interpolationValues(options: unknown): InterpolationValues | undefined {
  if (typeof options !== 'object' || options === null) return undefined;
  const entries = Object.entries(options).filter(
    (entry): entry is [string, string | number] => typeof entry[1] === 'string' || typeof entry[1] === 'number',
  );
  return Object.fromEntries(entries);
}

/** Our key for a react-admin key, if we translate it. */
export function catalogueKey(key: string, options: unknown): MessageKey | null {
  if (key === 'resources.councils.name') {
    const count = interpolationValues(options)?.smart_count;
    return count === 1 ? 'console.council' : 'console.councils';
  }
  return LABELS[key] ?? (isMessageKey(key) ? key : null);
}

export const i18nProvider: I18nProvider = {
  // `options` is typed `any` by react-admin's TranslateFunction; it is narrowed by interpolationValues.
  translate: (key: string, options?: unknown) => {
    const ours = catalogueKey(key, options);
    return ours
      ? translate(CONSOLE_LOCALE, ours, interpolationValues(options))
      : defaultI18nProvider.translate(key, options);
  },
  changeLocale: async () => undefined,
  getLocale: () => CONSOLE_LOCALE,
  getLocales: () => [{ locale: CONSOLE_LOCALE, name: 'English' }],
};
