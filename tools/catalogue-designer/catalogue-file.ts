import { spawnSync } from 'node:child_process'
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'
import { isDeepStrictEqual } from 'node:util'
import { parseTemplate, type Template } from '@templet/template'
import { applyEdits, type JSONPath, modify } from 'jsonc-parser'

/**
 * A catalogue template's file as the designer saves it: the document the designer gives (parsed, every default
 * filled in) written as the catalogue writes its files by hand. A property the file did not have and whose
 * value is the default is left out again; the file's own text is edited in place (its keys keep their order, its
 * lines their breaks), and biome formats the result as it formats the repository. So a save that changes
 * nothing writes the same bytes, and a moved layer changes that layer's box alone.
 */
export function catalogueFileText(next: Template, previous?: string): string {
  const raw: unknown = previous === undefined ? undefined : JSON.parse(previous)
  // As it is sent and read back: a property an edit left `undefined` is no property.
  const minimal = minimalDocument(parseTemplate(JSON.parse(JSON.stringify(next))), raw)
  const text =
    previous === undefined
      ? JSON.stringify(minimal)
      : editText(previous, changesBetween(raw, minimal, [], []))
  return formatJson(text)
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json }

const isObject = (v: unknown): v is Record<string, Json> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)

/** The counterpart in the file of an element of an array: the element with the same `id` or `key`, else by index. */
function counterpart(rawArray: unknown, element: unknown, index: number): unknown {
  if (!Array.isArray(rawArray)) return undefined
  for (const name of ['id', 'key'] as const)
    if (isObject(element) && typeof element[name] === 'string')
      return rawArray.find((r) => isObject(r) && r[name] === element[name])
  return rawArray[index]
}

/**
 * `next` without the properties the file did not have and the model fills in by itself: each is left out when
 * the document without it parses to the same template.
 */
export function minimalDocument(next: Template, raw: unknown): Json {
  const doc = structuredClone(next) as unknown as Json
  const same = () => {
    try {
      return isDeepStrictEqual(parseTemplate(doc), next)
    } catch {
      return false
    }
  }
  const walk = (node: Json, rawNode: unknown) => {
    if (Array.isArray(node)) {
      for (const [i, element] of node.entries()) walk(element, counterpart(rawNode, element, i))
      return
    }
    if (!isObject(node)) return
    const rawObject = isObject(rawNode) ? rawNode : undefined
    // The file's order for what it had (a whole array written again keeps it), what an object is first if new.
    leadWith(node, rawObject ? Object.keys(rawObject) : ['format', 'id', 'key', 'type', 'kind'])
    for (const key of Object.keys(node)) {
      if (rawObject && key in rawObject) {
        walk(node[key] as Json, rawObject[key])
        continue
      }
      // A document's format is what the file is read as, never a default: decided below, before the walk.
      if (node === doc && key === 'format') continue
      const kept = node[key] as Json
      delete node[key]
      if (same()) continue
      node[key] = kept
      walk(kept, undefined)
    }
  }
  // The format before anything else. A new file declares the current one, so its texts draw as customers' new
  // designs do (lines clear of each other's ink). A file keeps the one it declares, or none (format 1): read
  // through the upgrades since, it was filled in with what its format meant (a text's fixed line spacing, its
  // word breaks), so written in its own format, those stay out too and the file is saved as it was. It moves to
  // the current format when its own would change the template (the edit uses what only a newer format reads).
  if (isObject(doc) && isObject(raw) && 'format' in doc && raw.format !== doc.format) {
    const current = doc.format as Json
    if (raw.format === undefined) delete doc.format
    else doc.format = raw.format
    if (!same()) doc.format = current
  }
  walk(doc, raw)
  return doc
}

/** The object's keys with `first` first, in that order, the others after them as they were. */
function leadWith(node: Record<string, Json>, first: string[]) {
  const entries = Object.entries(node)
  const rank = (k: string) => (first.includes(k) ? first.indexOf(k) : first.length)
  for (const [k] of entries) delete node[k]
  for (const [k, v] of entries.sort((a, b) => rank(a[0]) - rank(b[0]))) node[k] = v
}

/** A change of the file: the value at a path (`undefined` removes it), or a new element of an array there. */
type Change = { path: JSONPath; value: Json | undefined; insert?: true }

/** The ids of an array's elements (`id` or `key`), when every element has one. */
const idsOf = (array: unknown[]): string[] | undefined => {
  const ids = array.map((e) => (isObject(e) ? (e.id ?? e.key) : undefined))
  return ids.every((id): id is string => typeof id === 'string') ? ids : undefined
}

/** The changes that turn `raw` (what the file holds) into `next`, each made on the text the ones before left. */
function changesBetween(raw: unknown, next: Json, path: JSONPath, out: Change[]) {
  if (isObject(raw) && isObject(next)) {
    for (const key of Object.keys(raw))
      if (!(key in next)) out.push({ path: [...path, key], value: undefined })
    for (const [key, value] of Object.entries(next)) changesBetween(raw[key], value, [...path, key], out)
  } else if (Array.isArray(raw) && Array.isArray(next) && sameOrderOfIds(raw, next)) {
    // Layers or fields added or removed: the others stay as they are written, each new one goes in its place.
    const before = idsOf(raw) ?? []
    const after = idsOf(next) ?? []
    for (let i = raw.length - 1; i >= 0; i--)
      if (!after.includes(before[i] as string)) out.push({ path: [...path, i], value: undefined })
    for (const [i, value] of next.entries()) {
      const at = before.indexOf(after[i] as string)
      if (at < 0) out.push({ path: [...path, i], value, insert: true })
      else changesBetween(raw[at], value, [...path, i], out)
    }
  } else if (Array.isArray(raw) && Array.isArray(next) && raw.length === next.length && !idsOf(raw)) {
    for (const [i, value] of next.entries()) changesBetween(raw[i], value, [...path, i], out)
  } else if (!isDeepStrictEqual(raw, next)) out.push({ path, value: next })
  return out
}

/** Whether two arrays of elements with ids keep the ids they share in the same order (none moved). */
function sameOrderOfIds(raw: unknown[], next: unknown[]): boolean {
  const before = idsOf(raw)
  const after = idsOf(next)
  if (!before || !after) return false
  const kept = before.filter((id) => after.includes(id))
  return kept.join('\n') === after.filter((id) => before.includes(id)).join('\n')
}

/**
 * The file's text with each change made in place, one after another (a removal and an insertion in one object
 * would overlap as edits of the same text). Without formatting options a value goes in as one line, which biome
 * then breaks at the repository's line width, as it did every hand-written file.
 */
function editText(text: string, changes: Change[]): string {
  return changes.reduce(
    (t, c) => applyEdits(t, modify(t, c.path, c.value, c.insert ? { isArrayInsertion: true } : {})),
    text,
  )
}

const require = createRequire(import.meta.url)

/** The text formatted by the repository's biome (its biome.json), as `biome check --write` leaves a file. */
export function formatJson(text: string): string {
  const bin = require.resolve('@biomejs/biome/bin/biome')
  const out = spawnSync(process.execPath, [bin, 'format', '--stdin-file-path=template.json'], {
    // The repository's root, where its biome.json is, whatever directory the workflow runs from.
    cwd: fileURLToPath(new URL('../../', import.meta.url)),
    input: text,
    encoding: 'utf8',
  })
  if (out.status !== 0) throw new Error(`biome could not format the template: ${out.stderr}`)
  return out.stdout
}
