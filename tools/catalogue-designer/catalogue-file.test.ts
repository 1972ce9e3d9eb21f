import { readdirSync, readFileSync } from 'node:fs'
import { CATALOGUE_DIR } from '@templet/catalogue'
import { parseTemplate } from '@templet/template'
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

  it('writes a new template without the defaults the model fills in', () => {
    const t = parseTemplate({
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
    // What a layer is comes first, as in the hand-written files.
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
