import i18n from 'i18next'
import { initReactI18next } from 'react-i18next'
import type { Messages } from './en'
import { detectLanguage, LANGUAGE_KEY, LANGUAGES, type Language, toSupported } from './language'

export { LANGUAGE_KEY, LANGUAGES, type Language }

/** Each catalogue is its own chunk: a visitor loads only the one of their language. */
const catalogues: Record<Language, () => Promise<Messages>> = {
  en: () => import('./en').then((module) => module.en),
  'zh-CN': () => import('./zh-CN').then((module) => module.zhCN),
}

// The same rule as src/boot.ts's `<html lang>` before the first paint (the pre-render sets each language itself).
void i18n.use(initReactI18next).init({
  lng: detectLanguage(),
  supportedLngs: [...LANGUAGES],
  fallbackLng: false,
  load: 'currentOnly',
  initAsync: false,
  resources: {},
  partialBundledLanguages: true,
  interpolation: { escapeValue: false },
  returnNull: false,
})

const loaded = new Set<Language>()

/**
 * Loads `language`'s catalogue (once) and makes it the current language. Counted here, not by asking i18next
 * for the bundle: a screen's own words (Developer settings, Bulk create) add a bundle of that language with the
 * screen, before the app's catalogue of it was ever loaded; they are kept beside it.
 */
export async function loadLanguage(language: Language): Promise<void> {
  if (!loaded.has(language)) {
    i18n.addResourceBundle(language, 'translation', await catalogues[language](), true, false)
    loaded.add(language)
  }
  await i18n.changeLanguage(language)
}

/**
 * Fetches the other languages' catalogues once the page is up, so that switching language works at once,
 * and offline too.
 */
export function prefetchOtherLanguages(): void {
  for (const language of LANGUAGES) if (language !== currentLanguage()) catalogues[language]().catch(() => {})
}

/** The language the app speaks now. */
export function currentLanguage(): Language {
  return toSupported(i18n.language ?? 'en')
}

/** Switches the language and remembers the choice. */
export async function setLanguage(language: Language): Promise<void> {
  try {
    localStorage.setItem(LANGUAGE_KEY, language)
  } catch {
    // Not remembered, but still switched.
  }
  await loadLanguage(language)
}

function followLanguage(language: string): void {
  document.documentElement.lang = toSupported(language)
}
// The build-time pre-render has no document.
if (typeof document !== 'undefined') {
  followLanguage(currentLanguage())
  i18n.on('languageChanged', followLanguage)
}

export { i18n }
