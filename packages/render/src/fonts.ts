import { createRequire } from 'node:module'
import path from 'node:path'
import { GlobalFonts } from '@napi-rs/canvas'

/** One font file shipped by an npm package, registered under a Templet-only family name. */
export interface FontFace {
  family: string
  weight: number
  file: string
}

const require = createRequire(import.meta.url)
const packageDir = (name: string) => path.dirname(require.resolve(`${name}/package.json`))

const weightDirs: Record<number, string> = {
  300: '300Light',
  400: '400Regular',
  500: '500Medium',
  600: '600SemiBold',
  700: '700Bold',
  800: '800ExtraBold',
}

/** An @expo-google-fonts package: `<weight dir>/<Prefix>_<weight dir>.ttf`. */
function expoFaces(pkg: string, prefix: string, family: string, weights: number[]): FontFace[] {
  const dir = packageDir(`@expo-google-fonts/${pkg}`)
  return weights.map((weight) => {
    const w = weightDirs[weight]
    return { family, weight, file: path.join(dir, `${w}/${prefix}_${w}.ttf`) }
  })
}

// Family names carry a prefix so a system font of the same name can never stand in for ours.
export const FACES: FontFace[] = [
  ...expoFaces('inter', 'Inter', 'Templet Inter', [400, 500, 600, 700, 800]),
  ...expoFaces('playfair-display', 'PlayfairDisplay', 'Templet Playfair Display', [400, 500, 600, 700, 800]),
  ...expoFaces('space-grotesk', 'SpaceGrotesk', 'Templet Space Grotesk', [400, 500, 600, 700]),
  ...expoFaces('noto-sans-sc', 'NotoSansSC', 'Templet Noto Sans SC', [400, 500, 700, 800]),
  ...expoFaces('noto-serif-sc', 'NotoSerifSC', 'Templet Noto Serif SC', [400, 600, 700, 800]),
  ...expoFaces('noto-sans-arabic', 'NotoSansArabic', 'Templet Noto Sans Arabic', [400, 500, 700, 800]),
  ...expoFaces('noto-emoji', 'NotoEmoji', 'Templet Noto Emoji', [400, 700]),
  ...['Regular', 'Bold'].map((w) => ({
    family: 'Templet Noto Sans Hebrew',
    weight: w === 'Bold' ? 700 : 400,
    // The package exports only its entry (dist/index.js), so its fonts are found from there.
    file: path.join(
      path.dirname(require.resolve('@embedpdf/fonts-hebrew')),
      `../fonts/NotoSansHebrew-${w}.ttf`,
    ),
  })),
]

let registered = false
/** Registers the shipped fonts once per process (Skia reads the files lazily, so this is cheap). */
export function registerFonts() {
  if (registered) return
  for (const face of FACES) {
    if (!GlobalFonts.registerFromPath(face.file, face.family))
      throw new Error(`font did not load: ${face.file}`)
  }
  registered = true
}
