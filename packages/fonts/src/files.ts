import { createRequire } from 'node:module'
import path from 'node:path'
import { type LibraryFamily, libraryHasFace } from './index'

const require = createRequire(import.meta.url)

const WEIGHT_NAMES: Record<number, string> = {
  100: '100Thin',
  200: '200ExtraLight',
  300: '300Light',
  400: '400Regular',
  500: '500Medium',
  600: '600SemiBold',
  700: '700Bold',
  800: '800ExtraBold',
  900: '900Black',
}

/**
 * The TTF of one face of a library family, in its installed package (`<weight dir>/<Prefix>_<weight>[_Italic].ttf`),
 * or undefined when the family has no such face. Nothing is read.
 */
export function libraryFaceFile(f: LibraryFamily, weight: number, italic: boolean): string | undefined {
  if (!libraryHasFace(f, weight, italic)) return undefined
  const dir = path.dirname(require.resolve(`@expo-google-fonts/${f.slug}/package.json`))
  const name = `${WEIGHT_NAMES[weight]}${italic ? '_Italic' : ''}`
  const file = `${f.prefix}_${name}.ttf`
  return path.join(dir, f.flat ? file : path.join(name, file))
}
