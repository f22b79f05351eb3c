import i18next from 'i18next';
import type { BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Language } from './storage';
import { getLanguage, languages, setLanguage } from './storage';

// Every catalogue file is picked up here, so a new namespace needs no wiring, only its en and ar files. Each
// one is a file of its own in the build, downloaded when first needed: a page brings its own texts, in the
// page language only.
const catalogueFiles = import.meta.glob<Record<string, unknown>>('../locales/*/*.json', {
  import: 'default',
});

const catalogues = new Map<string, () => Promise<Record<string, unknown>>>();
for (const [path, load] of Object.entries(catalogueFiles)) {
  const match = /locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
  if (match?.[1] && match[2]) catalogues.set(`${match[1]}/${match[2]}`, load);
}

/** Every namespace of the catalogues. */
export const namespaces = [...catalogues.keys()].flatMap((key) =>
  key.startsWith('en/') ? [key.slice('en/'.length)] : [],
);

/** The texts of the bar and of what every page shares (loading, retry, the language toggle). */
export const shellNamespaces: readonly string[] = ['common', 'nav'];

/** Reads a catalogue from its file of the build; i18next asks again a few times when a download fails. */
const catalogueBackend: BackendModule = {
  type: 'backend',
  init: () => {},
  read(language, namespace, callback) {
    const load = catalogues.get(`${language}/${namespace}`);
    if (!load) {
      callback(new Error(`No catalogue ${language}/${namespace}`), false);
      return;
    }
    load().then(
      (catalogue) => callback(null, catalogue),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

export function directionOf(language: string): 'rtl' | 'ltr' {
  return language === 'ar' ? 'rtl' : 'ltr';
}

function toLanguage(value: string): Language {
  return value === 'ar' ? 'ar' : 'en';
}

/** Keeps `<html lang dir>` in step with the page language, which screen readers and the browser rely on. */
function applyDocumentLanguage(language: Language): void {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = language;
  document.documentElement.dir = directionOf(language);
}

/**
 * An i18next instance in `language` that downloads catalogues when first needed. English and Arabic have the
 * same keys (scripts/check-locales.mjs), so no language falls back on the other and only the page language is
 * downloaded. `ready` resolves once the shell's texts are there.
 */
export function createI18n(language: Language, { react = false }: { react?: boolean } = {}) {
  const instance = i18next.createInstance().use(catalogueBackend);
  if (react) instance.use(initReactI18next);
  const ready = instance.init({
    lng: language,
    fallbackLng: false,
    supportedLngs: [...languages],
    load: 'currentOnly',
    // A copy: i18next adds every namespace loaded later to this list.
    ns: [...shellNamespaces],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
    // A text whose catalogue has not arrived holds its screen back (the page's loader shows) rather than
    // showing keys: each page loads its catalogues with its code, so this is only a safety net.
    react: { useSuspense: true },
  });
  return { i18n: instance, ready };
}

const app = createI18n(getLanguage(), { react: true });

export const i18n = app.i18n;

/** The app is drawn once this resolves: an Arabic page never shows English first. */
export const i18nReady: Promise<unknown> = app.ready;

applyDocumentLanguage(toLanguage(getLanguage()));

i18n.on('languageChanged', (language) => applyDocumentLanguage(toLanguage(language)));

export function currentLanguage(): Language {
  return toLanguage(i18n.language);
}

/**
 * Switches the page language once the other language's texts for everything loaded so far are there: the
 * page changes in one step, with no key or empty text in between.
 */
export async function changeLanguage(language: Language): Promise<void> {
  await i18n.changeLanguage(language);
  // Remembered once chosen, not when the first texts arrive: a choice stored meanwhile (another tab) stays.
  setLanguage(language);
}

/** Downloads the page language's catalogues of `wanted` (those not yet there); later switches bring them too. */
export function loadNamespaces(wanted: readonly string[]): Promise<void> {
  return i18n.loadNamespaces([...wanted]);
}
