/**
 * Renders the catalogue's sample values (English and Chinese, every size) into public/examples/ for the
 * public example pages (/examplesA|B|C), which are pre-rendered and shown without a session, so their
 * images must be static files. src/examples/renders.json lists them with the catalogue's hash: the build
 * runs this script, and it renders again only when the catalogue changed (or with --force). A template of
 * several pages shows its first page, as its gallery thumbnail does (ADR 0198).
 */
import { createHash } from 'node:crypto'
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { loadCatalogue, sampleImages } from '@templet/catalogue'
import { renderPreview } from '@templet/render'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const outDir = path.join(root, 'public/examples')
const manifestFile = path.join(root, 'src/examples/renders.json')
/** Longest side of an example image: sharp on a retina phone's two-column grid, small enough to commit. */
const MAX_SIDE = 560
const VERSION = 1

const catalogue = loadCatalogue()
const hash = createHash('sha256')
  .update(JSON.stringify({ VERSION, MAX_SIDE, catalogue }))
  .digest('hex')
  .slice(0, 16)

let previous
try {
  previous = JSON.parse(readFileSync(manifestFile, 'utf8'))
} catch {
  previous = undefined
}
const have = new Set(
  (() => {
    try {
      return readdirSync(outDir)
    } catch {
      return []
    }
  })(),
)
const complete = previous?.items?.every(
  (item) => have.has(item.files.en.slice(10)) && have.has(item.files['zh-CN'].slice(10)),
)
if (previous?.hash === hash && complete && !process.argv.includes('--force')) {
  console.log(`examples: up to date (${previous.items.length} renders, catalogue ${hash})`)
  process.exit(0)
}

const started = performance.now()
rmSync(outDir, { recursive: true, force: true })
mkdirSync(outDir, { recursive: true })
const items = []
for (const template of catalogue.templates) {
  for (const size of template.sizes) {
    const files = {}
    for (const locale of ['en', 'zh-CN']) {
      const out = await renderPreview(template, template.samples[locale], {
        sizeId: size.id,
        locale,
        images: sampleImages,
        maxSide: MAX_SIDE,
        format: 'webp',
      })
      const name = `${template.id}-${size.id}-${locale}.webp`
      writeFileSync(path.join(outDir, name), out.data)
      files[locale] = `/examples/${name}`
    }
    items.push({
      slug: template.id,
      type: template.typeId,
      size: size.id,
      width: size.width,
      height: size.height,
      names: template.name,
      sizeLabels: size.label,
      files,
    })
  }
}
writeFileSync(manifestFile, `${JSON.stringify({ hash, items }, null, 2)}\n`)
console.log(
  `examples: ${items.length * 2} renders in ${Math.round(performance.now() - started)} ms (catalogue ${hash})`,
)
