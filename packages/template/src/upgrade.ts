import { escapeColorMarkers } from './layers/text/markup'
import { TemplateError } from './template-error'

/** A stored document's JSON object, of whatever format it was saved in. */
export type SavedDocument = Record<string, unknown>

/**
 * One step of the chain: a document of format n in, the same document as format n + 1 writes it out. A step
 * gets its own copy to change and need not set `format`; the chain does.
 */
export type UpgradeStep = (document: SavedDocument) => SavedDocument

/**
 * The upgrade chain: `UPGRADES[n - 1]` takes a document of format n to format n + 1, so the current format is
 * one more than the number of steps. Stored versions and creations are never rewritten: every read upgrades.
 *
 * To change the document in a way an older document would not parse as (a property renamed or removed, a value
 * moved, a rule tightened), append one step here that turns a document of the last format into the new one
 * (`DOCUMENT_FORMAT` follows), change the schema, and add the new format's saved documents to
 * `packages/render/test/saved-documents` (its README says how). A tightened rule needs a step too: it repairs
 * what the older rule let through (clamps, renames, drops), so no stored document stops opening. ADR 0167.
 */
const UPGRADES: readonly UpgradeStep[] = [
  // 1 -> 2: a text's own words may carry colour runs (`[#e4572e]…[/]`); those of format 1 could not, so every
  // marker in them (of a layer reading markup) is escaped to draw as typed. Values never carry runs.
  (document) => {
    if (!Array.isArray(document.layers)) return document
    const escaped = (text: unknown) => (typeof text === 'string' ? escapeColorMarkers(text) : text)
    for (const layer of document.layers as unknown[]) {
      if (!isObject(layer) || layer.type !== 'text' || layer.markup === false) continue
      const text = layer.text
      if (isObject(text)) for (const language of Object.keys(text)) text[language] = escaped(text[language])
      else layer.text = escaped(text)
    }
    return document
  },
  // 2 -> 3: lines move apart where their ink would touch (`lineSpacing`); every text saved before keeps its
  // lines exactly `lineHeight` apart, so it draws as it did.
  (document) => {
    if (!Array.isArray(document.layers)) return document
    for (const layer of document.layers as unknown[])
      if (isObject(layer) && layer.type === 'text') layer.lineSpacing = 'fixed'
    return document
  },
  // 3 -> 4: lines break by UAX #14 (`lineBreaks`), a text fits its box with the height its lines take to clear
  // their ink (`lineSpacing`), a right-to-left paragraph aligns from its own start (`rtl`), letter spacing
  // leaves Devanagari and Bengali whole (`splitHeadlineBars`), and italics leave scripts without italics upright
  // (`italicEveryScript`); every text saved before keeps the breaks it had between the segmenter's words, its
  // fit, its side, its spacing and its slant, so it draws as it did.
  (document) => {
    if (!Array.isArray(document.layers)) return document
    for (const layer of document.layers as unknown[]) {
      if (!isObject(layer) || layer.type !== 'text') continue
      layer.lineBreaks = 'words'
      if (layer.lineSpacing === undefined) layer.lineSpacing = 'unfitted'
      if (layer.rtl === undefined) layer.rtl = 'keep'
      if (typeof layer.letterSpacing === 'number' && layer.letterSpacing !== 0) layer.splitHeadlineBars = true
      // Italics come from the layer or from `*markup*` in its words or its values.
      if (layer.italic === true || layer.markup !== false) layer.italicEveryScript = true
    }
    return document
  },
  // 4 -> 5: Skia draws figures from faces whose character maps reach the glyphs the figures' features give
  // (`mappedFiguresFace`), which it rasters where a browser draws them, not up to half a pixel off (ADR 0212);
  // every text saved before keeps the faces as shipped (`unmappedFigures`), so it draws as it did.
  (document) => {
    if (!Array.isArray(document.layers)) return document
    for (const layer of document.layers as unknown[])
      if (isObject(layer) && layer.type === 'text') layer.unmappedFigures = true
    return document
  },
]

/** The format this release writes and reads up to; a document without `format` is format 1. */
export const DOCUMENT_FORMAT: number = UPGRADES.length + 1

const isObject = (json: unknown): json is SavedDocument =>
  typeof json === 'object' && json !== null && !Array.isArray(json)

/**
 * The format of a stored document: its `format`, or 1 when it has none (saved before formats existed). Throws a
 * TemplateError when `format` is not a whole number from 1.
 */
export function documentFormat(json: unknown): number {
  const format = isObject(json) ? json.format : undefined
  if (format === undefined) return 1
  if (typeof format === 'number' && Number.isInteger(format) && format >= 1) return format
  throw formatError(json, `must be a whole number from 1; got ${JSON.stringify(format) ?? String(format)}`)
}

function formatError(json: unknown, message: string): TemplateError {
  const id = isObject(json) && typeof json.id === 'string' ? json.id : undefined
  return new TemplateError(id, [{ property: 'format', message }])
}

/**
 * `json` upgraded through `steps` (the chain, whose last format is `steps.length + 1`); `upgradeDocument` runs
 * the real chain, a test a chain of its own. A document of the last format comes back as it is, the same object.
 */
export function upgradeThrough(json: unknown, steps: readonly UpgradeStep[]): unknown {
  if (!isObject(json)) return json
  const current = steps.length + 1
  const from = documentFormat(json)
  if (from > current)
    throw formatError(
      json,
      `format ${from}: saved by a newer release of Templet (this release reads formats up to ${current}); update Templet to open it`,
    )
  if (from === current) return json
  let document = structuredClone(json)
  for (let n = from; n < current; n++) {
    const step = steps[n - 1] as UpgradeStep
    document = { ...step(document), format: n + 1 }
  }
  return document
}

/**
 * A stored document brought to `DOCUMENT_FORMAT`, ready for the schema. Refuses (TemplateError on `format`) a
 * document saved by a newer release and a `format` that is not a whole number from 1; anything else the schema
 * judges. `parseTemplate` calls it first, so callers of the parser need not.
 */
export const upgradeDocument = (json: unknown): unknown => upgradeThrough(json, UPGRADES)
