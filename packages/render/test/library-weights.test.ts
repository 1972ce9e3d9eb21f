import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { facesOf, weighed } from '../src/fonts'
import { inspectFont, render } from '../src/index'
import { type Picture, pixels, textProbe } from './text-probe'

const TEXT = 'Handgloves 0123'

/** A text in a library family at a weight, rendered as the server renders a template, and its pixels. */
const drawn = async (font: string, weight: number, italic = false): Promise<Picture> =>
  pixels(
    (await render(textProbe({ font, weight, italic }), { text: TEXT }, { formats: ['png'] })).png as Buffer,
  )

/** How much ink a picture has: the sum of every pixel's darkness. */
const ink = (p: Picture) => p.data.reduce((sum, v) => sum + (255 - v), 0)

describe('a library family at weights 100 to 900', () => {
  it('registers every face the family ships, Thin to Black and their italics', () => {
    const faces = facesOf('Templet Library roboto')
    expect(faces.filter((f) => !f.italic).map((f) => f.weight)).toEqual([
      100, 200, 300, 400, 500, 600, 700, 800, 900,
    ])
    expect(faces.filter((f) => f.italic).map((f) => f.weight)).toEqual([
      100, 200, 300, 400, 500, 600, 700, 800, 900,
    ])
  })

  it('draws 300 thinner than 400 and 900 heavier than 700, each in its own face', async () => {
    const [t, e, l, r, b, k] = (
      await Promise.all([100, 200, 300, 400, 700, 900].map((w) => drawn('lib-roboto', w)))
    ).map(ink) as [number, number, number, number, number, number]
    // Each face its own: no weight is another drawn lighter or heavier (Roboto's strokes grow at every step). The
    // Thin and ExtraLight files say 250 and 275 for their weight class, which Skia would match 200 to the Thin by.
    expect(t).toBeLessThan(e * 0.95)
    expect(e).toBeLessThan(l * 0.9)
    expect(l).toBeLessThan(r * 0.9)
    expect(r).toBeLessThan(b * 0.8)
    expect(k).toBeGreaterThan(b * 1.1)
  })

  it('draws a bold word inside a black (900) text no lighter than the text', async () => {
    const at900 = async (text: string) =>
      ink(
        await pixels(
          (await render(textProbe({ font: 'lib-roboto', weight: 900 }), { text }, { formats: ['png'] }))
            .png as Buffer,
        ),
      )
    expect(await at900(`**${TEXT}**`)).toBe(await at900(TEXT))
  })

  it('draws an italic at 300 and 900 in the italic faces of those weights', async () => {
    const [light, lightItalic, black, blackItalic] = await Promise.all([
      drawn('lib-roboto', 300),
      drawn('lib-roboto', 300, true),
      drawn('lib-roboto', 900),
      drawn('lib-roboto', 900, true),
    ])
    expect(ink(lightItalic)).toBeLessThan(ink(black) * 0.6)
    expect(ink(blackItalic)).toBeGreaterThan(ink(light) * 1.6)
    expect(lightItalic.data.equals(light.data)).toBe(false)
  })

  it("sets a font file's weight class, and leaves a file already of that weight as it is", () => {
    const [thin] = facesOf('Templet Library roboto')
    if (!thin) throw new Error('Roboto has no faces')
    const file = readFileSync(thin.file)
    const classOf = (font: Buffer) => inspectFont(font).weight
    expect(classOf(file)).toBe(300) // 250, rounded to the nearest hundred
    expect(classOf(weighed(file, 100))).toBe(100)
    expect(weighed(weighed(file, 100), 100).equals(weighed(file, 100))).toBe(true)
    expect(file.equals(readFileSync(thin.file))).toBe(true)
  })
})
