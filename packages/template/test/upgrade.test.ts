import { describe, expect, it } from 'vitest'
import {
  DOCUMENT_FORMAT,
  documentFormat,
  parseTemplate,
  type TemplateInput,
  upgradeDocument,
} from '../src/index'
import { type UpgradeStep, upgradeThrough } from '../src/upgrade'
import { parseError } from './parse-error'

const doc = (): TemplateInput => ({
  id: 'format-card',
  typeId: 'social-posts',
  name: { en: 'Format', 'zh-CN': '格式' },
  sizes: [{ id: 'square', width: 400, height: 400, label: { en: 'Square', 'zh-CN': '方形' } }],
  fields: [
    { key: 'title', kind: 'text', label: { en: 'Title', 'zh-CN': '标题' }, default: 'Hello', maxLength: 40 },
  ],
  layers: [
    { id: 'bg', type: 'shape', fill: '#ffffff' },
    { id: 'title', type: 'text', text: '{{title}}', size: 40, box: { x: 10, y: 10, w: 380, h: 100 } },
  ],
  samples: { en: {}, 'zh-CN': {} },
})

describe('document format', () => {
  it('is 5 today (colour runs, ink-clear lines, UAX #14 line breaks, figures fitted as letters are), and a document without one is format 1, upgraded as it is read', () => {
    expect(DOCUMENT_FORMAT).toBe(5)
    const old = doc()
    expect(documentFormat(old)).toBe(1)
    const before = JSON.stringify(old)
    const t = parseTemplate(old)
    expect(t.format).toBe(5)
    // The stored document is not changed, and words without markers are kept as they were.
    expect(JSON.stringify(old)).toBe(before)
    expect(t.layers[1]).toMatchObject({ text: '{{title}}' })
  })

  it('keeps the lines of a text saved before format 3 exactly their line height apart; a new text clears ink', () => {
    const texts = (t: ReturnType<typeof parseTemplate>) => t.layers.filter((l) => l.type === 'text')
    for (const saved of [doc(), { ...doc(), format: 2 }])
      expect(texts(parseTemplate(saved)).map((l) => l.lineSpacing)).toEqual(
        texts(parseTemplate(saved)).map(() => 'fixed'),
      )
    const current = parseTemplate({ ...doc(), format: DOCUMENT_FORMAT })
    expect(texts(current).every((l) => l.lineSpacing === undefined)).toBe(true)
  })

  it('keeps the line breaks of a text saved before format 4 (between words); a new text breaks by UAX #14', () => {
    const texts = (t: ReturnType<typeof parseTemplate>) => t.layers.filter((l) => l.type === 'text')
    for (const saved of [doc(), { ...doc(), format: 2 }, { ...doc(), format: 3 }])
      expect(texts(parseTemplate(saved)).map((l) => l.lineBreaks)).toEqual(
        texts(parseTemplate(saved)).map(() => 'words'),
      )
    // Format 3's lines cleared their ink but fitted the box at the line height; older ones never moved.
    expect(texts(parseTemplate({ ...doc(), format: 3 })).map((l) => l.lineSpacing)).toEqual(['unfitted'])
    expect(texts(parseTemplate({ ...doc(), format: 2 })).map((l) => l.lineSpacing)).toEqual(['fixed'])
    const current = parseTemplate({ ...doc(), format: DOCUMENT_FORMAT })
    expect(texts(current).every((l) => l.lineBreaks === undefined)).toBe(true)
  })

  it('keeps the side of a right-to-left paragraph and the spacing of Devanagari in a text saved before format 4', () => {
    const texts = (t: ReturnType<typeof parseTemplate>) => t.layers.filter((l) => l.type === 'text')
    const spaced = (format?: number) => {
      const d = doc() as { layers: Array<Record<string, unknown>> }
      d.layers = d.layers.map((l) => (l.type === 'text' ? { ...l, letterSpacing: 0.1 } : l))
      return format === undefined ? d : { ...d, format }
    }
    for (const saved of [spaced(), spaced(3)])
      for (const l of texts(parseTemplate(saved)))
        expect(l).toMatchObject({ rtl: 'keep', splitHeadlineBars: true, italicEveryScript: true })
    // Only spaced texts are marked; an `rtl` of the text's own is kept.
    const plain = doc() as { layers: Array<Record<string, unknown>> }
    plain.layers = plain.layers.map((l) => (l.type === 'text' ? { ...l, rtl: 'mirror' } : l))
    for (const l of texts(parseTemplate({ ...plain, format: 3 }))) {
      expect(l.rtl).toBe('mirror')
      expect('splitHeadlineBars' in l).toBe(false)
    }
    for (const l of texts(parseTemplate(spaced(DOCUMENT_FORMAT)))) {
      expect(l.rtl).toBe('start')
      expect('splitHeadlineBars' in l).toBe(false)
      expect('italicEveryScript' in l).toBe(false)
    }
  })

  it('keeps the figures of a text saved before format 5 drawn from the faces as shipped; a new text draws them from faces that map their glyphs', () => {
    const texts = (t: ReturnType<typeof parseTemplate>) => t.layers.filter((l) => l.type === 'text')
    for (const saved of [doc(), { ...doc(), format: 3 }, { ...doc(), format: 4 }]) {
      const upgraded = texts(parseTemplate(saved))
      expect(upgraded.length).toBeGreaterThan(0)
      for (const l of upgraded) expect(l.unmappedFigures).toBe(true)
    }
    for (const l of texts(parseTemplate({ ...doc(), format: DOCUMENT_FORMAT })))
      expect('unmappedFigures' in l).toBe(false)
  })

  it('passes a document of the current format through as the very object', () => {
    const current = { ...doc(), format: DOCUMENT_FORMAT }
    expect(upgradeDocument(current)).toBe(current)
  })

  it('reads a document that names the current format', () => {
    expect(parseTemplate({ ...doc(), format: DOCUMENT_FORMAT }).format).toBe(DOCUMENT_FORMAT)
  })

  it('refuses a document saved by a newer release with a clear error, not a crash', () => {
    const e = parseError({ ...doc(), format: DOCUMENT_FORMAT + 1 })
    expect(e.templateId).toBe('format-card')
    expect(e.issues).toEqual([{ property: 'format', message: expect.stringContaining('newer release') }])
    expect(e.message).toMatch(/format 6: saved by a newer release of Templet .*update Templet to open it/)
  })

  it.each([0, -1, 1.5, '1', null, true])('refuses format %j with a clear error', (format) => {
    const e = parseError({ ...doc(), format })
    expect(e.issues).toEqual([
      { property: 'format', message: expect.stringContaining('whole number from 1') },
    ])
  })

  it('leaves what is not a document to the schema', () => {
    expect(upgradeDocument(null)).toBeNull()
    expect(parseError([]).issues[0]?.property).toBe('(template)')
  })
})

describe('the upgrade chain', () => {
  // A made-up format 2 that renamed the document's `samples` to `examples`, and a format 3 that moved every
  // layer's `name` into `label`: the same mechanism as the real chain, with steps of the test's own.
  const calls: string[] = []
  const toTwo: UpgradeStep = (d) => {
    calls.push(`1->2 at ${String(d.format)}`)
    const { samples, ...rest } = d
    return { ...rest, examples: samples }
  }
  const toThree: UpgradeStep = (d) => {
    calls.push(`2->3 at ${String(d.format)}`)
    const layers = d.layers as { name?: string }[]
    return { ...d, layers: layers.map(({ name, ...l }) => (name ? { ...l, label: name } : l)) }
  }

  it('runs each step from the document format on, in order, and writes the last format', () => {
    calls.length = 0
    const old = { ...doc(), layers: [{ id: 'bg', type: 'shape', fill: '#fff', name: 'Background' }] }
    const before = JSON.stringify(old)
    const upgraded = upgradeThrough(old, [toTwo, toThree]) as Record<string, unknown>
    expect(calls).toEqual(['1->2 at undefined', '2->3 at 2'])
    expect(upgraded.format).toBe(3)
    expect(upgraded.samples).toBeUndefined()
    expect(upgraded.examples).toEqual(old.samples)
    expect(upgraded.layers).toEqual([{ id: 'bg', type: 'shape', fill: '#fff', label: 'Background' }])
    // The stored document is not changed.
    expect(JSON.stringify(old)).toBe(before)
  })

  it('starts at the document format and passes a current document through', () => {
    calls.length = 0
    const two = { ...doc(), format: 2, examples: {} }
    expect((upgradeThrough(two, [toTwo, toThree]) as { format: number }).format).toBe(3)
    expect(calls).toEqual(['2->3 at 2'])
    const three = { ...doc(), format: 3 }
    expect(upgradeThrough(three, [toTwo, toThree])).toBe(three)
    expect(() => upgradeThrough({ ...doc(), format: 4 }, [toTwo, toThree])).toThrow(
      /format 4: saved by a newer release of Templet \(this release reads formats up to 3\)/,
    )
  })
})
