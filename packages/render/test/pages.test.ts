import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { parseTemplate, type TemplateInput } from '@templet/template'
import sharp from 'sharp'
import { afterAll, describe, expect, it } from 'vitest'
import { RenderError, render, renderPdf } from '../src/index'

const dir = mkdtempSync(path.join(tmpdir(), 'templet-pages-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const label = (en: string) => ({ en, 'zh-CN': en })
/** A two-page menu: a dark cover with the title, a light page with the dish; the field is on page 2 only. */
const menu = (): TemplateInput => ({
  id: 'menu',
  typeId: 'menus',
  name: label('Menu'),
  sizes: [
    { id: 'square', width: 200, height: 200, label: label('Square') },
    {
      id: 'a6',
      width: 210,
      height: 297,
      label: label('A6'),
      print: { width: 105, height: 148.5, unit: 'mm' },
    },
  ],
  fields: [{ key: 'dish', kind: 'text', label: label('Dish'), default: label('Noodles'), maxLength: 40 }],
  pages: [
    { id: 'cover', name: 'Cover' },
    { id: 'dishes', name: 'Dishes' },
  ],
  layers: [
    { id: 'cover-bg', type: 'shape', fill: '#102030' },
    {
      id: 'cover-title',
      type: 'text',
      text: 'Cover page',
      color: '#ffffff',
      size: 20,
      box: { x: 10, y: 10, w: 180, h: 40 },
    },
    { id: 'dishes-bg', type: 'shape', fill: '#f4f0e8', page: 'dishes' },
    {
      id: 'dish',
      type: 'text',
      text: '{{dish}}',
      color: '#000000',
      size: 20,
      box: { x: 10, y: 10, w: 180, h: 40 },
      page: 'dishes',
    },
  ],
  samples: { en: {}, 'zh-CN': {} },
})

const corner = async (png: Buffer | undefined) => {
  const { data } = await sharp(png).raw().toBuffer({ resolveWithObject: true })
  return [...data.subarray(0, 3)]
}

describe('a design of several pages (ADR 0198)', () => {
  it('renders each page on its own, the first by default', async () => {
    const t = parseTemplate(menu())
    const first = await render(t, {}, { formats: ['png'] })
    const cover = await render(t, {}, { formats: ['png'], page: 0 })
    const dishes = await render(t, {}, { formats: ['png'], page: 1 })
    expect(await corner(first.png)).toEqual([0x10, 0x20, 0x30])
    expect(cover.png?.equals(first.png as Buffer)).toBe(true)
    expect(await corner(dishes.png)).toEqual([0xf4, 0xf0, 0xe8])
  })

  it('refuses a page the design lacks', async () => {
    const t = parseTemplate(menu())
    await expect(render(t, {}, { page: 2 })).rejects.toMatchObject({ code: 'UNKNOWN_PAGE' })
    await expect(render(t, {}, { page: 2 })).rejects.toBeInstanceOf(RenderError)
  })

  it('puts every page in one PDF, in order, for each row and size', async () => {
    const t = parseTemplate(menu())
    const save = (name: string, pdf: Buffer) => {
      const file = path.join(dir, name)
      writeFileSync(file, pdf)
      return file
    }
    const one = save('one.pdf', await renderPdf(t, [{ dish: 'Ramen' }], { sizeId: 'a6' }))
    expect(execFileSync('pdfinfo', [one], { encoding: 'utf8' })).toMatch(/Pages:\s+2\n/)
    const pagesText = execFileSync('pdftotext', ['-enc', 'UTF-8', one, '-'], { encoding: 'utf8' }).split('\f')
    expect(pagesText[0]).toContain('Cover page')
    expect(pagesText[0]).not.toContain('Ramen')
    expect(pagesText[1]).toContain('Ramen')
    const rows = save(
      'rows.pdf',
      await renderPdf(t, [{ dish: 'Ramen' }, { dish: 'Udon' }], { sizeIds: ['square', 'a6'] }),
    )
    expect(execFileSync('pdfinfo', [rows], { encoding: 'utf8' })).toMatch(/Pages:\s+8\n/)
    const texts = execFileSync('pdftotext', ['-enc', 'UTF-8', rows, '-'], { encoding: 'utf8' }).split('\f')
    expect(texts.slice(0, 8).map((p) => (p.includes('Cover') ? 'cover' : p.trim()))).toEqual([
      'cover',
      'Ramen',
      'cover',
      'Ramen',
      'cover',
      'Udon',
      'cover',
      'Udon',
    ])
    const only = save('only.pdf', await renderPdf(t, [{ dish: 'Ramen' }], { sizeId: 'a6', page: 1 }))
    expect(execFileSync('pdfinfo', [only], { encoding: 'utf8' })).toMatch(/Pages:\s+1\n/)
  })
})
