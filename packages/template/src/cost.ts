import type { Template } from './document'
import { fieldKinds } from './fields'
import { layerKinds } from './layers'
import { fieldReferences } from './layers/text'
import { pageLayers, templatePages } from './pages'
import type { TemplateIssue } from './parse'
import { printPixels } from './print'
import { textLength } from './segments'

/**
 * What drawing a document may cost, whoever wrote it: a document is a stranger's input that every preview,
 * creation and batch row of it draws again. The defaults leave the largest catalogue template a wide margin
 * (`documentCost` of each is in the tests) and refuse what only an attack needs.
 */
export interface DocumentLimits {
  layers: number
  sizes: number
  /** The characters one text layer may show: its own words and the longest value of each field it shows. */
  layerText: number
  /** The same, over every text layer. */
  totalText: number
  /**
   * Megapixels drawn for one creation in every size: each size's output pixels (a print size at 300 dpi), once
   * for the page and once more for each layer with a shadow.
   */
  megapixels: number
}

export const DOCUMENT_LIMITS: DocumentLimits = {
  layers: 300,
  sizes: 20,
  layerText: 10_000,
  totalText: 40_000,
  megapixels: 1_000,
}

/** What a document costs to draw, by the measures of `DocumentLimits`. */
export interface DocumentCost {
  layers: number
  sizes: number
  /** The characters each text layer may show, by layer id. */
  layerText: Map<string, number>
  totalText: number
  megapixels: number
  /** The design's pages, each drawn in every size. */
  pages: number
  /** The layers drawn a second time for their shadow. */
  shadows: number
}

export function documentCost(t: Template): DocumentCost {
  const fields = new Map(t.fields.map((f) => [f.key, f]))
  const layerText = new Map<string, number>()
  let totalText = 0
  // The most characters a field's value may put where a text says `{{key}}`.
  const longest = (key: string) => {
    const f = fields.get(key)
    return f ? fieldKinds.longestText(f) : 0
  }
  for (const layer of t.layers) {
    const typeset = layerKinds.typeset(layer)
    if (!typeset) continue
    const most = Math.max(
      ...typeset.texts.map(
        (text) =>
          textLength(text.replace(/\{\{\s*[^}\s]+\s*\}\}/g, '')) +
          fieldReferences(text).reduce((n, key) => n + longest(key), 0),
      ),
    )
    layerText.set(layer.id, most)
    totalText += most
  }
  const shadowed = (layers: Template['layers']) =>
    layers.filter((l) => !l.hidden && layerKinds.shadowed(l)).length
  const pixels = t.sizes.reduce((n, s) => {
    const out = s.print ? printPixels(s.print) : s
    return n + out.width * out.height
  }, 0)
  // Each page is drawn in every size, once more for each of its own layers with a shadow (ADR 0198).
  const pages = templatePages(t)
  const drawings = pages.reduce((n, p) => n + 1 + shadowed(pageLayers(t, p.id)), 0)
  return {
    layers: t.layers.length,
    sizes: t.sizes.length,
    pages: pages.length,
    layerText,
    totalText,
    megapixels: (pixels * drawings) / 1e6,
    shadows: shadowed(t.layers),
  }
}

const n = (x: number) => Math.ceil(x).toLocaleString('en')

/**
 * What of `limits` a document exceeds, each as an issue naming the limit (and the layer, for a layer's text);
 * empty when it is within them.
 */
export function documentOverLimits(t: Template, limits: DocumentLimits = DOCUMENT_LIMITS): TemplateIssue[] {
  const cost = documentCost(t)
  const issues: TemplateIssue[] = []
  if (cost.layers > limits.layers)
    issues.push({
      property: 'layers',
      message: `has ${n(cost.layers)} layers; at most ${n(limits.layers)} are accepted`,
    })
  if (cost.sizes > limits.sizes)
    issues.push({
      property: 'sizes',
      message: `has ${n(cost.sizes)} sizes; at most ${n(limits.sizes)} are accepted`,
    })
  for (const [layer, chars] of cost.layerText)
    if (chars > limits.layerText)
      issues.push({
        layer,
        property: 'text',
        message: `may show ${n(chars)} characters (its words and the longest values of its fields); at most ${n(limits.layerText)} are accepted`,
      })
  if (cost.totalText > limits.totalText)
    issues.push({
      property: 'layers',
      message: `the texts may show ${n(cost.totalText)} characters in all; at most ${n(limits.totalText)} are accepted`,
    })
  if (cost.megapixels > limits.megapixels)
    issues.push({
      property: 'sizes',
      message: `drawing every size takes ${n(cost.megapixels)} megapixels (${n(cost.sizes)} sizes${cost.pages > 1 ? ` of ${n(cost.pages)} pages` : ''}, each drawn once more for each of ${n(cost.shadows)} layers with a shadow); at most ${n(limits.megapixels)} are accepted: remove ${cost.pages > 1 ? 'pages, ' : ''}sizes or shadows`,
    })
  return issues
}
