/**
 * The weights a template can set in a library family (Thin 100 to Black 900, as the packages ship them): a family
 * is offered at those it ships.
 */
export const libraryWeights = [100, 200, 300, 400, 500, 600, 700, 800, 900] as const
export type LibraryWeight = (typeof libraryWeights)[number]

/** The writing systems a family may draw (the model's, less those only its built-in faces cover). */
export const libraryScripts = [
  'latin',
  'greek',
  'cyrillic',
  'arabic',
  'hebrew',
  'thai',
  'devanagari',
  'bengali',
  'tamil',
  'khmer',
] as const
export type LibraryScript = (typeof libraryScripts)[number]

export const libraryCategories = ['sans-serif', 'serif', 'display', 'handwriting', 'monospace'] as const
export type LibraryCategory = (typeof libraryCategories)[number]

/** One family of the library, as the manifest lists it. */
export interface LibraryFamily {
  /** The npm package's name after `@expo-google-fonts/`; the document names the family `lib-<slug>`. */
  slug: string
  /** Google Fonts' name for it. */
  name: string
  category: LibraryCategory
  /** The writing systems its files draw; text in any other is drawn in the built-in faces. */
  scripts: LibraryScript[]
  /** The upright weights it ships. */
  weights: LibraryWeight[]
  /** The weights that have a real italic. */
  italics: LibraryWeight[]
  /** The package's version: a face's bytes change only with it. */
  version: string
  /** Its files' names begin `<prefix>_`. */
  prefix: string
  /** Older packages keep every file at the top instead of in a folder per weight. */
  flat?: true
}
