import { readdirSync, readFileSync } from 'node:fs'
import { CATALOGUE_DIR } from '@templet/catalogue'
import { DOCUMENT_FORMAT, parseTemplate } from '@templet/template'
import { describe, expect, it } from 'vitest'
import { catalogueFileText } from './catalogue-file'
import { loopbackOnly } from './catalogue-host'

const dir = `${CATALOGUE_DIR}/templates`
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .sort()
const text = (file: string) => readFileSync(`${dir}/${file}`, 'utf8')

/** The lines of `b` that are not in `a`, and of `a` not in `b`. */
function changedLines(a: string, b: string) {
  const left = a.split('\n')
  const right = b.split('\n')
  return { removed: left.filter((l) => !right.includes(l)), added: right.filter((l) => !left.includes(l)) }
}

describe('a catalogue file as the designer saves it', () => {
  it('is the same bytes for every catalogue template saved without a change', () => {
    const differ = files.filter(
      (file) => catalogueFileText(parseTemplate(JSON.parse(text(file))), text(file)) !== text(file),
    )
    expect(differ).toEqual([])
  })

  it('declares a format in every catalogue file, from 3 on, so its texts keep their lines clear of each other', () => {
    const formats = files.map((file) => (JSON.parse(text(file)) as { format?: number }).format ?? 1)
    expect(formats.filter((f) => f < 3)).toEqual([])
    for (const file of files)
      for (const layer of parseTemplate(JSON.parse(text(file))).layers)
        if (layer.type === 'text') expect(layer.lineSpacing, `${file} ${layer.id}`).toBeUndefined()
  })

  it('saves a file without a format as it was: its texts keep the fixed line spacing it was read with', () => {
    const before = text('youtube-bold.json').replace(/^ {2}"format": \d+,\n/m, '')
    const t = parseTemplate(JSON.parse(before))
    expect(t.layers.filter((l) => l.type === 'text').every((l) => l.lineSpacing === 'fixed')).toBe(true)
    expect(catalogueFileText(t, before)).toBe(before)
  })

  it('saves a file of an older format in it, and in the current one once an edit needs what only that reads', () => {
    const before = text('youtube-bold.json').replace(/^ {2}"format": \d+,$/m, '  "format": 2,')
    const t = parseTemplate(JSON.parse(before))
    expect(catalogueFileText(t, before)).toBe(before)
    // Lines clear of each other's ink is what format 2 cannot say: the file moves on, its other texts fixed.
    const cleared = {
      ...t,
      layers: t.layers.map((l) => (l.id === 'headline' ? { ...l, lineSpacing: undefined } : l)),
    }
    const after = JSON.parse(catalogueFileText(cleared, before))
    expect(after.format).toBe(DOCUMENT_FORMAT)
    expect(parseTemplate(after)).toEqual(parseTemplate(JSON.parse(JSON.stringify(cleared))))
    expect(after.layers.find((l: { id: string }) => l.id === 'badge').lineSpacing).toBe('fixed')
  })

  it("changes a moved layer's box and nothing else", () => {
    const before = text('bold-quote.json')
    const t = parseTemplate(JSON.parse(before))
    const moved = {
      ...t,
      layers: t.layers.map((l) =>
        l.id === 'author' && l.box ? { ...l, box: { ...l.box, x: l.box.x + 24 } } : l,
      ),
    }
    const after = catalogueFileText(moved, before)
    const { removed, added } = changedLines(before, after)
    expect(removed).toHaveLength(1)
    expect(added).toHaveLength(1)
    expect(added[0]).toContain(`"x": ${(t.layers.find((l) => l.id === 'author')?.box?.x ?? 0) + 24}`)
    expect(parseTemplate(JSON.parse(after))).toEqual(moved)
  })

  it('adds a layer in its place and removes one, leaving the other layers as they are written', () => {
    const before = text('bold-quote.json')
    const t = parseTemplate(JSON.parse(before))
    const logo = parseTemplate({
      ...t,
      layers: [
        ...t.layers,
        { id: 'logo', type: 'image', src: 'sample:logo-fern', box: { x: 60, y: 60, w: 96, h: 96 } },
      ],
    }).layers.at(-1)
    if (!logo) throw new Error('no logo layer')
    const next = { ...t, layers: [...t.layers.filter((l) => l.id !== 'handle'), logo] }
    const after = catalogueFileText(next, before)
    expect(parseTemplate(JSON.parse(after))).toEqual(next)
    const { removed, added } = changedLines(before, after)
    // Only the handle's lines went; the logo's came, without the
    // defaults the model fills in; every other layer is written as it was.
    const lines = before.split('\n')
    const at = lines.findIndex((l) => l.includes('"id": "handle"'))
    const handle = lines.slice(at - 1, at + lines.slice(at).findIndex((l) => /^ {4}\}/.test(l)) + 1)
    expect(handle.length).toBeGreaterThan(3)
    expect(removed.filter((l) => !handle.includes(l))).toEqual([])
    expect(added.join('\n')).toContain('"src": "sample:logo-fern"')
    expect(added.join('\n')).not.toContain('"fit"')
  })

  it('writes a new template of the current format, without the defaults the model fills in', () => {
    const t = parseTemplate({
      format: DOCUMENT_FORMAT,
      id: 'new-card',
      typeId: 'social-posts',
      name: { en: 'New card', 'zh-CN': '新卡片' },
      sizes: [{ id: 'square', width: 1080, height: 1080, label: { en: 'Square post', 'zh-CN': '方形帖子' } }],
      fields: [],
      layers: [{ id: 'title', type: 'text', text: 'Hello', size: 96, box: { x: 90, y: 90, w: 900, h: 200 } }],
      samples: { en: {}, 'zh-CN': {} },
    })
    const written = JSON.parse(catalogueFileText(t))
    expect(written.layers).toEqual([
      { id: 'title', type: 'text', text: 'Hello', size: 96, box: { x: 90, y: 90, w: 900, h: 200 } },
    ])
    // The format first, as in every catalogue file; what a layer is comes first, as in the hand-written files.
    expect(Object.keys(written).slice(0, 2)).toEqual(['format', 'id'])
    expect(written.format).toBe(DOCUMENT_FORMAT)
    expect(Object.keys(written.layers[0]).slice(0, 2)).toEqual(['id', 'type'])
    expect(parseTemplate(written)).toEqual(t)
  })
})

describe('the workflow answers the loopback only', () => {
  it('takes a page of its own loopback server', () => {
    expect(loopbackOnly({ method: 'GET', headers: { host: '127.0.0.1:5190' } })).toBeUndefined()
    expect(
      loopbackOnly({ method: 'PUT', headers: { host: 'localhost:5190', origin: 'http://localhost:5190' } }),
    ).toBeUndefined()
  })

  it('refuses another host name, and a change from another origin', () => {
    expect(loopbackOnly({ method: 'GET', headers: { host: 'rebound.example:5190' } })).toMatch(
      /loopback only/,
    )
    expect(
      loopbackOnly({ method: 'PUT', headers: { host: '127.0.0.1:5190', origin: 'https://else.example' } }),
    ).toMatch(/own page/)
    expect(loopbackOnly({ method: 'PUT', headers: { host: '127.0.0.1:5190' } })).toMatch(/own page/)
  })
})
