import type { Language } from '../../../contracts/languages.ts';
import type { Catalog } from './translate.ts';

/**
 * Each language's catalog, loaded on demand: a chunk of its own for the browser (precached by
 * the service worker, so switching works offline), a plain import for Node. English has none:
 * its text is the key.
 */
const LOADERS: Record<Exclude<Language, 'en-GH'>, () => Promise<{ default: Catalog }>> = {
  ak: () => import('./catalogs/ak.json'),
  ee: () => import('./catalogs/ee.json'),
  gaa: () => import('./catalogs/gaa.json'),
};

export async function loadCatalog(language: Language): Promise<Catalog | null> {
  if (language === 'en-GH') return null;
  return (await LOADERS[language]()).default;
}
