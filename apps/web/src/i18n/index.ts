import i18n from 'i18next'
import { initReactI18next } from 'react-i18next'
import type { Messages } from './en'

export const LANGUAGES = ['en', 'zh-CN'] as const
export type Language = (typeof LANGUAGES)[number]

/** Where the visitor's own choice of language is kept; without one the browser language decides. */
export const LANGUAGE_KEY = 'templet.language'

function toSupported(tag: string): Language {
  return tag.toLowerCase().startsWith('zh') ? 'zh-CN' : 'en'
}

/**
 * The visitor's language: their choice, else the browser's first language. boot.js applies the same
 * rule before the first paint (it sets `<html lang>`, which picks the pre-rendered copy); the pre-render
 * sets each language itself.
 */
function detectLanguage(): Language {
  try {
    const chosen = globalThis.localStorage?.getItem(LANGUAGE_KEY)
    if (chosen) return toSupported(chosen)
  } catch {
    // Storage blocked: the browser decides.
  }
  if (typeof navigator === 'undefined') return 'en'
  return toSupported(navigator.languages?.[0] ?? navigator.language ?? 'en')
}

/** Each catalogue is its own chunk: a visitor loads only the one of their language. */
const catalogues: Record<Language, () => Promise<Messages>> = {
  en: () => import('./en').then((module) => module.en),
  'zh-CN': () => import('./zh-CN').then((module) => module.zhCN),
}

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

/** Loads `language`'s catalogue (once) and makes it the current language. */
export async function loadLanguage(language: Language): Promise<void> {
  if (!i18n.hasResourceBundle(language, 'translation'))
    i18n.addResourceBundle(language, 'translation', await catalogues[language]())
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
