import { readdirSync, readFileSync } from 'node:fs'
import { access, readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import {
  parseTemplate,
  type Template,
  TemplateError,
  type TemplateType,
  templateTypeSchema,
} from '@templet/template'

// The package root, from src/ (tests) and from dist/ (the build) alike.
const root = fileURLToPath(new URL('../', import.meta.url))
/** The folder of the catalogue's files: types.json and templates/<id>.json. */
export const CATALOGUE_DIR = root.replace(/\/$/, '')
export const SAMPLES_DIR = `${root}samples`

/** Every template file of the catalogue, by file name (one template per file, named by its id). */
export const catalogueFiles = () =>
  readdirSync(`${CATALOGUE_DIR}/templates`)
    .filter((f) => f.endsWith('.json'))
    .sort()

let cached: { types: TemplateType[]; templates: Template[] } | undefined

/**
 * The built-in catalogue: template types (types.json) and templates (templates/*.json), each validated. Throws
 * TemplateError for a file that does not parse, naming the file.
 */
export function loadCatalogue(): { types: TemplateType[]; templates: Template[] } {
  if (cached) return cached
  const types = templateTypeSchema
    .array()
    .parse(JSON.parse(readFileSync(`${CATALOGUE_DIR}/types.json`, 'utf8')))
    .sort((a, b) => a.sortOrder - b.sortOrder)
  const templates = catalogueFiles().map((file) => {
    const t = parseTemplate(JSON.parse(readFileSync(`${CATALOGUE_DIR}/templates/${file}`, 'utf8')))
    if (`${t.id}.json` !== file)
      throw new TemplateError(t.id, [{ property: 'id', message: `file ${file} holds "${t.id}"` }])
    if (!types.some((ty) => ty.id === t.typeId))
      throw new TemplateError(t.id, [{ property: 'typeId', message: `no template type "${t.typeId}"` }])
    return t
  })
  cached = { types, templates }
  return cached
}

/** The prefix of image values that name a sample image shipped with the package, e.g. "sample:harbour". */
export const SAMPLE_PREFIX = 'sample:'

/** A sample image's name: lower-case letters, digits and hyphens, as in `sample:harbour`. */
export const SAMPLE_NAME = /^[a-z0-9-]{1,60}$/

/**
 * The catalogue's own images: the sample photographs its sample values use (`samples/<name>.jpg`) and the fixed
 * images its designs place, such as a logo with a transparent background (`<name>.png`). The path of
 * `sample:<name>`'s file and its type, or undefined when it names none.
 */
export async function sampleImageFile(
  value: string,
  dir = SAMPLES_DIR,
): Promise<{ path: string; type: 'image/jpeg' | 'image/png' } | undefined> {
  if (!value.startsWith(SAMPLE_PREFIX)) return undefined
  const name = value.slice(SAMPLE_PREFIX.length)
  if (!SAMPLE_NAME.test(name)) return undefined
  for (const [ext, type] of [
    ['jpg', 'image/jpeg'],
    ['png', 'image/png'],
  ] as const) {
    const path = `${dir}/${name}.${ext}`
    if (
      await access(path).then(
        () => true,
        () => false,
      )
    )
      return { path, type }
  }
  return undefined
}

/**
 * The catalogue's images as a renderer's image source: "sample:<name>" reads its file in samples/, anything else
 * is none (so a caller can fall back to its own images).
 */
export const sampleImages = async (value: string): Promise<Buffer | undefined> => {
  const file = await sampleImageFile(value)
  return file ? readFile(file.path).catch(() => undefined) : undefined
}

/** Whether a template's fixed image (`src`) is one of the catalogue's own images, which only its templates use. */
export const isSampleImage = (ref: string) => ref.startsWith(SAMPLE_PREFIX)
