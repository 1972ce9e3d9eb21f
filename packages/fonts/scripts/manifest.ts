/**
 * Writes src/manifest.json from the installed @expo-google-fonts packages this package depends on: each
 * package's metadata.json (Google Fonts' family name, category, subsets) and the TTF files it really ships.
 * Run after changing the dependencies: `pnpm --filter @templet/fonts manifest`.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { type LibraryFamily, type LibraryScript, libraryScripts, libraryWeights } from '../src/types'

const require = createRequire(import.meta.url)
const here = path.dirname(new URL(import.meta.url).pathname)
const pkg = JSON.parse(readFileSync(path.join(here, '../package.json'), 'utf8')) as {
  dependencies: Record<string, string>
}

/** Google Fonts' subsets, as the model's writing systems. */
const SUBSETS: Record<string, LibraryScript> = {
  latin: 'latin',
  'latin-ext': 'latin',
  vietnamese: 'latin',
  greek: 'greek',
  'greek-ext': 'greek',
  cyrillic: 'cyrillic',
  'cyrillic-ext': 'cyrillic',
  arabic: 'arabic',
  hebrew: 'hebrew',
  thai: 'thai',
  devanagari: 'devanagari',
  bengali: 'bengali',
  tamil: 'tamil',
  khmer: 'khmer',
}
const CATEGORIES = {
  'sans-serif': 'sans-serif',
  serif: 'serif',
  display: 'display',
  handwriting: 'handwriting',
  monospace: 'monospace',
} as const

const FILE = /^([A-Za-z0-9]+)_(\d)00([A-Za-z]+)(_Italic)?\.ttf$/

function ttfs(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const at = path.join(dir, name)
    return statSync(at).isDirectory()
      ? ttfs(at).map((f) => path.join(name, f))
      : name.endsWith('.ttf')
        ? [name]
        : []
  })
}

const families: LibraryFamily[] = []
const skipped: string[] = []
for (const [name, version] of Object.entries(pkg.dependencies)) {
  if (!name.startsWith('@expo-google-fonts/')) continue
  const slug = name.slice('@expo-google-fonts/'.length)
  const dir = path.dirname(require.resolve(`${name}/package.json`))
  const meta = JSON.parse(readFileSync(path.join(dir, 'metadata.json'), 'utf8')) as {
    family: string
    category: string
    subsets: string[]
  }
  const category = CATEGORIES[meta.category as keyof typeof CATEGORIES]
  const faces = ttfs(dir)
    .map((file) => ({ file, m: FILE.exec(path.basename(file)) }))
    .filter((f) => f.m)
  const prefix = faces[0]?.m?.[1]
  const flat = faces.length > 0 && faces.every((f) => !f.file.includes('/'))
  const has = (w: number, italic: boolean) =>
    faces.some((f) => f.m?.[2] === String(w / 100) && Boolean(f.m?.[4]) === italic && f.m?.[1] === prefix)
  const weights = libraryWeights.filter((w) => has(w, false))
  if (!category || !prefix || weights.length === 0) {
    skipped.push(`${slug} (${!category ? `category ${meta.category}` : 'no face'})`)
    continue
  }
  const scripts = libraryScripts.filter((s) => meta.subsets.some((sub) => SUBSETS[sub] === s))
  families.push({
    slug,
    name: meta.family,
    category,
    scripts,
    weights,
    italics: weights.filter((w) => has(w, true)),
    version,
    prefix,
    ...(flat && { flat: true }),
  })
}
families.sort((a, b) => a.name.localeCompare(b.name))
// One family a line: a dependency's change is a one-line diff.
writeFileSync(
  path.join(here, '../src/manifest.json'),
  `[\n${families.map((f) => JSON.stringify(f)).join(',\n')}\n]\n`,
)
console.log(`${families.length} families written; skipped: ${skipped.join(', ') || 'none'}`)
