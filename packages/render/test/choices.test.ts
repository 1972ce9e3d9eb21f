import { execFileSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { type Locale, parseTemplate, type Template } from '@templet/template'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { type ImageSource, render, renderPdf } from '../src/index'
import { drawPixels } from '../src/render'

const label = (en: string, zh: string) => ({ en, 'zh-CN': zh })

/**
 * A card with a background from the author's set (light: a red image, dark: a blue one) on its left half
 * and a title from a list on its right half.
 */
const card = (text = 'Dear {{title}}') =>
  parseTemplate({
    id: 'choice-card',
    typeId: 'social-posts',
    name: label('Choices', '选项'),
    sizes: [{ id: 'wide', width: 400, height: 100, label: label('Wide', '宽') }],
    fields: [
      {
        key: 'backdrop',
        kind: 'choice',
        label: label('Background', '背景'),
        default: 'light',
        options: [
          { value: 'light', label: label('Light', '浅色') },
          { value: 'dark', label: label('Dark', '深色') },
        ],
      },
      {
        key: 'title',
        kind: 'choice',
        label: label('Title', '称谓'),
        default: 'dr',
        options: [
          { value: 'dr', label: label('Dr', '博士') },
          { value: 'prof', label: label('Prof', '教授') },
        ],
      },
    ],
    layers: [
      {
        id: 'backdrop',
        type: 'image',
        src: { field: 'backdrop', map: { light: 'red', dark: 'blue' } },
        box: { x: 0, y: 0, w: 100, h: 100 },
      },
      {
        id: 'greeting',
        type: 'text',
        text,
        size: 32,
        color: '#000000',
        box: { x: 120, y: 20, w: 270, h: 60 },
      },
    ],
    samples: { en: {}, 'zh-CN': {} },
  })

const solid = (color: string) =>
  sharp({ create: { width: 32, height: 32, channels: 3, background: color } })
    .png()
    .toBuffer()
const asked: string[] = []
const images: ImageSource = async (ref) => {
  asked.push(ref)
  return ref === 'red' ? solid('#ff0000') : ref === 'blue' ? solid('#0000ff') : undefined
}

const pixels = async (t: Template, values: Record<string, string>, locale: Locale = 'en') =>
  (await drawPixels(t, values, { images, locale }, 1)).pixels
const rgbAt = (p: Buffer, x: number, y: number) => [...p.subarray((y * 400 + x) * 4, (y * 400 + x) * 4 + 3)]

describe('an image from the author’s set', () => {
  it('draws the image of the picked option, the default one without a value, and reads only that one', async () => {
    asked.length = 0
    expect(rgbAt(await pixels(card(), {}), 50, 50)).toEqual([255, 0, 0])
    expect(asked).toEqual(['red'])
    asked.length = 0
    expect(rgbAt(await pixels(card(), { backdrop: 'dark' }), 50, 50)).toEqual([0, 0, 255])
    expect(asked).toEqual(['blue'])
  })

  it('draws it in the PNG, the thumbnail and each page of a PDF', async () => {
    const out = await render(card(), { backdrop: 'dark' }, { images })
    const { data, info } = await sharp(out.png).raw().toBuffer({ resolveWithObject: true })
    const at = (50 * info.width + 50) * info.channels
    expect([...data.subarray(at, at + 3)]).toEqual([0, 0, 255])
    const thumb = await sharp(out.thumbnail).resize(4, 1, { fit: 'fill' }).raw().toBuffer()
    expect(thumb[2]).toBeGreaterThan(200) // the left quarter: blue
    const dir = mkdtempSync(path.join(os.tmpdir(), 'templet-choices-'))
    const file = path.join(dir, 'rows.pdf')
    writeFileSync(file, await renderPdf(card(), [{ backdrop: 'dark', title: 'prof' }, {}], { images }))
    execFileSync('pdftoppm', ['-png', '-scale-to-x', '400', '-scale-to-y', '100', file, path.join(dir, 'p')])
    // The middle of the image's box on page n, as poppler draws it.
    const page = async (n: number) => {
      const raw = await sharp(path.join(dir, `p-${n}.png`))
        .removeAlpha()
        .raw()
        .toBuffer()
      const at = (50 * 400 + 50) * 3
      return [...raw.subarray(at, at + 3)]
    }
    const [first, second] = [await page(1), await page(2)]
    expect(first[2]).toBeGreaterThan(200)
    expect(first[0]).toBeLessThan(50)
    expect(second[0]).toBeGreaterThan(200)
    expect(second[2]).toBeLessThan(50)
    const text = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' })
    expect(text).toContain('Dear Prof')
    expect(text).toContain('Dear Dr')
  })
})

describe('a text from the author’s list', () => {
  it('draws the picked option’s label in the render’s language, pixel for pixel as the words themselves', async () => {
    const same = async (values: Record<string, string>, words: string, locale: Locale) =>
      (await pixels(card(), values, locale)).equals(await pixels(card(words), values, locale))
    expect(await same({ title: 'prof' }, 'Dear Prof', 'en')).toBe(true)
    expect(await same({}, 'Dear Dr', 'en')).toBe(true)
    expect(await same({ title: 'prof' }, 'Dear 教授', 'zh-CN')).toBe(true)
    // And not the option's value: the label is what the customer reads.
    expect(await same({ title: 'prof' }, 'Dear prof', 'en')).toBe(false)
  })
})
