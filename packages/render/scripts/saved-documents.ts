/**
 * The saved documents of earlier releases (test/saved-documents/<name>.json, each as a release stored it) and
 * their reference pictures (<name>.png, and <name>-page-<n>.png for a document's later pages): shared by the test that opens and renders each as it was, and by
 * `pnpm --filter @templet/render saved-documents`, which writes the picture of a document that has none yet.
 * A picture that exists is never written again: it is what that release drew.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { sampleImages } from '@templet/catalogue'
import { pageCount, parseTemplate, type Template } from '@templet/template'
import { type RenderedEveryFormat, render } from '../src/index'

export const SAVED_DOCUMENTS_DIR = fileURLToPath(new URL('../test/saved-documents/', import.meta.url))

/** The names of the saved documents, sorted. */
export const savedDocuments = (): string[] =>
  readdirSync(SAVED_DOCUMENTS_DIR)
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.slice(0, -'.json'.length))
    .sort()

/** A saved document opened as the server opens a stored version: its JSON text through `parseTemplate`. */
export const openSaved = (name: string): Template =>
  parseTemplate(JSON.parse(readFileSync(`${SAVED_DOCUMENTS_DIR}${name}.json`, 'utf8')))

/**
 * A saved document rendered as the server renders a creation (`render()`, the first size, in English), with the
 * document's own English samples as the values; their images are the catalogue's `sample:` pictures. `page`
 * counts from 0, as `render()` takes it.
 */
export const renderSaved = (t: Template, page = 0): Promise<RenderedEveryFormat> =>
  render(t, t.samples.en, { sizeId: t.sizes[0]?.id, locale: 'en', images: sampleImages, page })

/** The picture of a document's page: `<name>.png` for the first, `<name>-page-<n>.png` for page n from 2. */
export const savedPicture = (name: string, page: number) =>
  `${SAVED_DOCUMENTS_DIR}${name}${page === 0 ? '' : `-page-${page + 1}`}.png`

/** The pages of a saved document, from 0. */
export const savedPages = (t: Template): number[] => Array.from({ length: pageCount(t) }, (_, i) => i)

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const name of savedDocuments()) {
    const t = openSaved(name)
    for (const page of savedPages(t)) {
      const png = savedPicture(name, page)
      if (existsSync(png)) continue
      const out = await renderSaved(t, page)
      writeFileSync(png, out.png)
      console.log(
        `${png.slice(SAVED_DOCUMENTS_DIR.length)}: ${out.width} × ${out.height}, ${out.png.length} bytes`,
      )
    }
  }
}
