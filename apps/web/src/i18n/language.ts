/**
 * The visitor's language, as a rule with no dependencies: src/i18n (the app) and src/boot.ts (before the first
 * paint, inline in the page) both decide it here.
 */

export const LANGUAGES = ['en', 'zh-CN'] as const
export type Language = (typeof LANGUAGES)[number]

/** Where the visitor's own choice of language is kept; without one the browser language decides. */
export const LANGUAGE_KEY = 'templet.language'

/** The supported language a tag falls to: any Chinese is Simplified Chinese, anything else English. */
export function toSupported(tag: string): Language {
  return tag.toLowerCase().startsWith('zh') ? 'zh-CN' : 'en'
}

/** The visitor's language: their choice, else the browser's first language (English outside a browser). */
export function detectLanguage(): Language {
  try {
    const chosen = globalThis.localStorage?.getItem(LANGUAGE_KEY)
    if (chosen) return toSupported(chosen)
  } catch {
    // Storage blocked: the browser decides.
  }
  if (typeof navigator === 'undefined') return 'en'
  return toSupported(navigator.languages?.[0] ?? navigator.language ?? 'en')
}
