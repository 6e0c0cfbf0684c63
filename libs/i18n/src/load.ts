import type { Language } from '@councilpay/domain';
import type { PublicCatalogue } from './catalogues/en';
import type { FeatureCatalogue } from './groups';

/**
 * One language's public catalogue (every group but the staff console's), loaded on demand. Bundlers turn each
 * branch into its own chunk, so a web app can ship only Malay (the fallback) and fetch the language a person
 * picks; the console's labels stay out of the portal's downloads.
 */
export async function loadCatalogue(language: Language): Promise<PublicCatalogue> {
  switch (language) {
    case 'ms': {
      // In its two parts, so an app that bundles the core (msCore) fetches only the rest.
      const [{ msCore }, features] = await Promise.all([import('./catalogues/ms-core'), loadMalayFeatures()]);
      return { ...msCore, ...features };
    }
    case 'en':
      return (await import('./catalogues/en')).enPublic;
    case 'zh':
      return (await import('./catalogues/zh')).zhPublic;
  }
}

/** The Malay groups outside the core (groups.ts), for an app that bundled only `msCore`. */
export async function loadMalayFeatures(): Promise<FeatureCatalogue> {
  return (await import('./catalogues/ms-features')).msFeatures;
}
