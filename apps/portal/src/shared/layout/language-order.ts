import type { Language } from '@councilpay/domain';

/** The order of the language switch: English, Bahasa Malaysia, Chinese. */
export const LANGUAGE_MENU_ORDER = ['en', 'ms', 'zh'] as const satisfies readonly Language[];
