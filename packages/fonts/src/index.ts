import manifest from './manifest.json'
import type { LibraryFamily } from './types'

export * from './types'

/** Every family of the library, by name (generated from the installed packages: `pnpm manifest`). */
export const libraryFamilies = manifest as LibraryFamily[]

const bySlug = new Map(libraryFamilies.map((f) => [f.slug, f]))
/** A family of the library by its slug (`dm-sans`), if the library has it. */
export const libraryFamily = (slug: string): LibraryFamily | undefined => bySlug.get(slug)

/** `400`, `700i`: a face's weight, and `i` for its italic (the name of its file on the web). */
export const libraryFaceName = (weight: number, italic: boolean) => `${weight}${italic ? 'i' : ''}`

/** Whether the family ships this weight, upright or in italic. */
export const libraryHasFace = (f: LibraryFamily, weight: number, italic: boolean) =>
  (italic ? f.italics : f.weights).includes(weight as LibraryFamily['weights'][number])
