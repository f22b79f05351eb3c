import i18next from 'i18next';
import type { Resource, ResourceLanguage } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Language } from './storage';
import { getLanguage, languages, setLanguage } from './storage';

// Every catalogue file is picked up here, so a new namespace needs no wiring, only its en and ar files.
const catalogueFiles = import.meta.glob<Record<string, unknown>>('../locales/*/*.json', {
  eager: true,
  import: 'default',
});

function buildResources(): Resource {
  const resources: Record<string, ResourceLanguage> = {};
  for (const [path, catalogue] of Object.entries(catalogueFiles)) {
    const match = /locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
    if (!match?.[1] || !match[2]) continue;
    const [, language, namespace] = match;
    resources[language] ??= {};
    resources[language][namespace] = catalogue;
  }
  return resources;
}

export const resources = buildResources();
export const namespaces = Object.keys(resources.en ?? {});

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

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources,
  lng: getLanguage(),
  fallbackLng: 'en',
  supportedLngs: [...languages],
  ns: namespaces,
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
  react: { useSuspense: false },
});

applyDocumentLanguage(toLanguage(i18n.language));

i18n.on('languageChanged', (language) => {
  const chosen = toLanguage(language);
  applyDocumentLanguage(chosen);
  setLanguage(chosen);
});

export function currentLanguage(): Language {
  return toLanguage(i18n.language);
}

export function changeLanguage(language: Language): Promise<unknown> {
  return i18n.changeLanguage(language);
}
