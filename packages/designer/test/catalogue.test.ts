/**
 * The designer can author every catalogue template: each file loads into the designer's state with nothing
 * dropped, every property a layer sets has a control (or says which field sets it) in the properties panel
 * for that layer, and the document the designer hands back unchanged is the file's document.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { isDeepStrictEqual } from 'node:util'
import { type Layer, pageLayers, parseTemplate, type Template, templatePages } from '@templet/template'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { boxIn, DESIGNER_STRINGS_EN, type DesignerWords, designerReducer, initialState } from '../src/index'
import { DEFAULT_FONTS, PropertiesPanel } from '../src/panels/properties-panel'

const DIR = new URL('../../catalogue/templates/', import.meta.url)
const files = readdirSync(DIR)
  .filter((f) => f.endsWith('.json'))
  .sort()
const raw = (file: string) =>
  JSON.parse(readFileSync(new URL(file, DIR), 'utf8')) as { layers: RawLayer[]; fields: RawField[] }
type RawLayer = Record<string, unknown> & { id: string; type: Layer['type'] }
type RawField = Record<string, unknown> & { key: string; kind: string; label: { en: string } }

const w = DESIGNER_STRINGS_EN
/**
 * The words of the controls that show each property a layer can set, by layer kind (`*`: every kind). A
 * property bound to a field shows its label with the field's name. The panel draws these for the one layer
 * selected, so the test finds each in the panel drawn for that very layer.
 */
const CONTROLS: Record<string, Record<string, (layer: RawLayer) => string[]>> = {
  '*': {
    name: () => [w.name],
    box: () => [w.x, w.y, w.width, w.height],
    rotation: () => [w.rotation],
    opacity: () => [w.opacity],
    locked: () => [w.lock],
    hidden: () => [w.hide],
    // Each size's box is the canvas's (the size menu shows it); a text's font size and alignment there are
    // the panel's (checked where a size has them, below).
    bySize: () => [],
    // The page a layer is on is the page strip's: the canvas and the layers panel show it on that page alone.
    page: () => [],
  },
  text: {
    text: () => [w.text],
    font: () => [w.font],
    weight: (l) => [isBound(l.weight) ? w.font : w.weight],
    italic: (l) => [isBound(l.italic) ? w.font : w.italic],
    size: () => [w.fontSize],
    lineHeight: () => [w.lineHeight],
    lineSpacing: () => [w.keepLinesClear],
    letterSpacing: () => [w.letterSpacing],
    align: (l) => (isBound(l.align) ? [] : [w.textAlign]),
    valign: (l) => (isBound(l.valign) ? [] : [w.textVAlign]),
    color: () => [w.color],
    shrinkToFit: () => [w.shrinkToFit, w.minSize],
    maxLines: () => [w.maxLines],
    transform: () => [w.capitals],
    wrap: () => [w.wrapLines],
    balance: () => [w.evenLines],
    hyphenate: () => [w.hyphenate],
    justify: () => [w.justify],
    tabularFigures: () => [w.tabularFigures],
    oldstyleFigures: () => [w.oldstyleFigures],
    underline: () => [w.underline],
    strikethrough: () => [w.strikethrough],
    smartPunctuation: () => [w.smartPunctuation],
    shadow: () => [w.shadow],
  },
  shape: {
    shape: () => [w.shape],
    fill: () => [w.fill],
    radius: () => [w.radius],
    stroke: () => [w.stroke],
    shadow: () => [w.shadow],
  },
  image: {
    field: () => [],
    src: () => [w.fixedImageNote],
    fit: (l) => (isBound(l.fit) ? [] : [w.fit]),
    focus: () => [w.focusX, w.focusY],
    zoom: () => [w.imageZoom],
    adjust: () => [w.brightness, w.contrast, w.saturation, w.grayscale, w.blur],
    radius: () => [w.radius],
    placeholder: () => [w.placeholder],
  },
  qr: {
    data: () => [w.qrData],
    color: () => [w.color],
    background: () => [w.qrBackground],
    ecc: () => [w.qrEcc],
    margin: () => [w.qrMargin],
  },
}

/** The words of the controls of each property of a field, in the panel of a layer that uses it, by field kind. */
const FIELD_CONTROLS: Record<string, Record<string, (field: RawField) => string[]>> = {
  '*': { key: () => [], kind: () => [], label: () => [w.labelEn, w.labelZh] },
  text: {
    default: (f) => (typeof f.default === 'string' ? [w.defaultValue] : [w.defaultEn, w.defaultZh]),
    minLength: () => [w.minLength],
    maxLength: () => [w.maxLength],
    multiline: () => [w.multiline],
  },
  image: { required: () => [w.required] },
  color: { default: () => [w.defaultValue] },
  choice: { default: () => [w.defaultOption], options: () => [w.option.replace('{n}', '1')] },
}

/**
 * What the catalogue sets and the panel has no control for yet, each with why: the test fails on any other,
 * so a new property in a catalogue file is either given a control or written down here.
 */
const WITHOUT_CONTROL: Record<string, string> = {
  'field.gradient-stop':
    "a choice that sets a gradient's stops is named on the fill; its labels and options are edited in the document",
  'fill.gradient':
    'a radial gradient, or a linear one of more than two stops, is kept and drawn; the panel names it ("Gradient") and edits two-stop linear ones',
}

/** Whether a field sets colours of a fill's gradient stops (`{ field, map }` inside its `stops`). */
const inGradientStop = (layers: RawLayer[], key: string) =>
  layers.some((l) =>
    ((l.fill as { stops?: Array<{ color: unknown }> } | undefined)?.stops ?? []).some(
      (stop) => isBound(stop.color) && (stop.color as { field: string }).field === key,
    ),
  )
const isBound = (v: unknown) => typeof v === 'object' && v !== null && 'field' in v
const isOtherGradient = (v: unknown) => {
  const g = v as { type?: unknown; stops?: unknown[] } | null
  return typeof g === 'object' && g !== null && 'type' in g && (g.type !== 'linear' || g.stops?.length !== 2)
}

const panel = (t: Template, sizeId: string, id: string, strings: DesignerWords = w) =>
  renderToStaticMarkup(
    createElement(PropertiesPanel, {
      state: { ...initialState(t, sizeId), selection: [id] },
      dispatch: () => undefined,
      strings,
      locale: 'en',
      fonts: DEFAULT_FONTS,
    }),
  )
const decodeEntities = (html: string) =>
  html
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')

describe('every catalogue template in the designer', () => {
  it('reads the whole catalogue', () => {
    expect(files.length).toBeGreaterThanOrEqual(40)
  })

  it.each(files)('%s: loads with every layer, each where the file puts it in every size', (file) => {
    const t = parseTemplate(raw(file))
    const state = designerReducer(initialState(parseTemplate(raw(file))), { type: 'load', document: t })
    expect(state.document).toEqual(t)
    expect(state.document.layers.map((l) => l.id)).toEqual(raw(file).layers.map((l) => l.id))
    // Each page shows, with the layers the file puts on it.
    for (const page of templatePages(t)) {
      const shown = designerReducer(state, { type: 'showPage', pageId: page.id })
      expect(shown.pageId ?? templatePages(t)[0]?.id).toBe(page.id)
      expect(pageLayers(shown.document, page.id).length).toBeGreaterThan(0)
    }
    for (const size of t.sizes) {
      const shown = designerReducer(state, { type: 'showSize', sizeId: size.id })
      for (const layer of shown.document.layers) {
        const box = boxIn(shown.document, layer, size.id)
        const override = layer.bySize?.[size.id]?.box
        expect(box).toEqual(override ?? layer.box ?? { x: 0, y: 0, w: size.width, h: size.height })
      }
    }
  })

  it.each(files)('%s: the panel has a control for every property each layer sets', (file) => {
    const t = parseTemplate(raw(file))
    const missing: string[] = []
    for (const rawLayer of raw(file).layers) {
      const html = decodeEntities(panel(t, t.sizes[0]?.id ?? '', rawLayer.id))
      for (const [key, value] of Object.entries(rawLayer)) {
        if (key === 'id' || key === 'type') continue
        if (key === 'fill' && isOtherGradient(value) && WITHOUT_CONTROL['fill.gradient']) {
          expect(html).toContain(`${w.fill}: ${w.gradient}`)
          continue
        }
        const words = CONTROLS[rawLayer.type]?.[key] ?? CONTROLS['*']?.[key]
        if (!words) {
          missing.push(`${rawLayer.id}.${key}: no control`)
          continue
        }
        for (const word of words(rawLayer))
          if (!html.includes(word)) missing.push(`${rawLayer.id}.${key}: "${word}" not in its panel`)
      }
      // A text's own font size and alignment in another size: the panel shows them when that size is shown.
      for (const [sizeId, o] of Object.entries(
        (rawLayer.bySize ?? {}) as Record<string, Record<string, unknown>>,
      )) {
        if (!('size' in o) && !('align' in o)) continue
        const label = t.sizes.find((s) => s.id === sizeId)?.label
        const name = typeof label === 'string' ? label : (label?.en ?? sizeId)
        const there = decodeEntities(panel(t, sizeId, rawLayer.id))
        if ('size' in o && !there.includes(w.sizeInSize.replace('{size}', name)))
          missing.push(`${rawLayer.id}.bySize.${sizeId}.size: no control`)
        if ('align' in o && !there.includes(w.alignInSize.replace('{size}', name)))
          missing.push(`${rawLayer.id}.bySize.${sizeId}.align: no control`)
      }
    }
    expect(missing).toEqual([])
  })

  it.each(files)(
    '%s: every field is edited in the panel of a layer that uses it, each property with its control',
    (file) => {
      const t = parseTemplate(raw(file))
      const panels = t.layers.map((l) => decodeEntities(panel(t, t.sizes[0]?.id ?? '', l.id)))
      const missing: string[] = []
      for (const field of raw(file).fields) {
        // A field's editor shows its label in a text box.
        const shown = panels.filter((html) => html.includes(`value="${field.label.en}"`)).join('')
        if (!shown) {
          if (WITHOUT_CONTROL['field.gradient-stop'] && inGradientStop(raw(file).layers, field.key)) continue
          missing.push(`${field.key}: in no layer's panel`)
          continue
        }
        for (const key of Object.keys(field)) {
          const words = FIELD_CONTROLS[field.kind]?.[key] ?? FIELD_CONTROLS['*']?.[key]
          if (!words) missing.push(`${field.key}.${key}: no control`)
          else
            for (const word of words(field))
              if (!shown.includes(word)) missing.push(`${field.key}.${key}: "${word}" not shown`)
        }
      }
      expect(missing).toEqual([])
    },
  )

  it.each(files)('%s: handed back unchanged, it is the same document', (file) => {
    const t = parseTemplate(raw(file))
    let state = initialState(t)
    // What a look around does: select each layer, show each size, a click that moves nothing.
    for (const size of t.sizes) state = designerReducer(state, { type: 'showSize', sizeId: size.id })
    for (const page of templatePages(t)) state = designerReducer(state, { type: 'showPage', pageId: page.id })
    for (const layer of t.layers) {
      state = designerReducer(state, { type: 'select', ids: [layer.id] })
      state = designerReducer(state, { type: 'begin' })
      state = designerReducer(state, { type: 'move', dx: 0, dy: 0, transient: true })
      state = designerReducer(state, { type: 'end' })
    }
    expect(state.past).toEqual([])
    const saved = parseTemplate(JSON.parse(JSON.stringify(state.document)))
    expect(isDeepStrictEqual(saved, parseTemplate(raw(file)))).toBe(true)
  })
})
