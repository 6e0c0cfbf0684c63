import type { Language } from '@councilpay/domain';
import type { Catalogue } from './catalogues/en';

/**
 * One catalogue, loaded on demand. Bundlers turn each branch into its own chunk, so a web app can ship
 * only Malay (the fallback) and fetch the language a person picks.
 */
export async function loadCatalogue(language: Language): Promise<Catalogue> {
  switch (language) {
    case 'ms':
      return (await import('./catalogues/ms')).ms;
    case 'en':
      return (await import('./catalogues/en')).en;
    case 'zh':
      return (await import('./catalogues/zh')).zh;
  }
}
