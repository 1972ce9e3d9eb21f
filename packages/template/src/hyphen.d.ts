// hyphen ships no types; these are the parts of its API this package calls (its core and its pattern files).
declare module 'hyphen/hyphen.js' {
  /** A hyphenator of the patterns: the text with U+00AD at each point a word may be hyphenated. */
  export default function createHyphenator(
    patterns: unknown,
    options?: { minWordLength?: number },
  ): (text: string) => string
}

declare module 'hyphen/patterns/*' {
  const patterns: unknown
  export default patterns
}
