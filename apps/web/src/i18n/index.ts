import i18n from 'i18next'
import LanguageDetector from 'i18next-browser-languagedetector'
import { initReactI18next } from 'react-i18next'
import { en } from './en'
import { zhCN } from './zh-CN'

export const LANGUAGES = ['en', 'zh-CN'] as const
export type Language = (typeof LANGUAGES)[number]

/** Where the visitor's own choice of language is kept; without one the browser language decides. */
export const LANGUAGE_KEY = 'templet.language'

function toSupported(tag: string): Language {
  return tag.toLowerCase().startsWith('zh') ? 'zh-CN' : 'en'
}

void i18n
  .use(LanguageDetector)
  .use(initReactI18next)
  .init({
    resources: { en: { translation: en }, 'zh-CN': { translation: zhCN } },
    supportedLngs: [...LANGUAGES],
    fallbackLng: 'en',
    load: 'currentOnly',
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
    detection: {
      order: ['localStorage', 'navigator'],
      lookupLocalStorage: LANGUAGE_KEY,
      // Only an explicit choice is remembered (setLanguage); a detected language follows the browser.
      caches: [],
      convertDetectedLanguage: toSupported,
    },
  })

/** The language the app speaks now. */
export function currentLanguage(): Language {
  return toSupported(i18n.resolvedLanguage ?? i18n.language ?? 'en')
}

/** Switches the language and remembers the choice. */
export function setLanguage(language: Language): void {
  try {
    localStorage.setItem(LANGUAGE_KEY, language)
  } catch {
    // Not remembered, but still switched.
  }
  void i18n.changeLanguage(language)
}

function followLanguage(language: string): void {
  document.documentElement.lang = toSupported(language)
}
// The build-time pre-render has no document; its pages are English, as index.html's `lang` says.
if (typeof document !== 'undefined') {
  followLanguage(currentLanguage())
  i18n.on('languageChanged', followLanguage)
}

export { i18n }
