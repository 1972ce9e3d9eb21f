import { loadCatalogue } from '@templet/catalogue'
import { describe, expect, it } from 'vitest'
import { drawPixels } from '../src/render'

const template = (id: string) => {
  const t = loadCatalogue().templates.find((x) => x.id === id)
  if (!t) throw new Error(`${id} left the catalogue`)
  return t
}

describe('an image field left empty', () => {
  // article-card's photo is optional and draws over the card's background.
  const t = template('article-card')
  const values = { ...t.samples.en, photo: '' }
  const photo = t.layers.find((l) => l.type === 'image')
  const box = photo?.box ?? { x: 0, y: 0, w: 0, h: 0 }
  const pixelAt = async (placeholders: boolean | undefined, x: number, y: number) => {
    const { pixels, width } = await drawPixels(
      t,
      values,
      placeholders === undefined ? {} : { placeholders },
      1,
    )
    const at = (Math.round(y) * width + Math.round(x)) * 4
    return [...pixels.subarray(at, at + 3)]
  }

  it('draws the placeholder in a preview, and nothing in a finished picture', async () => {
    // Inside the box, away from its rounded corners and the picture mark in its middle: the placeholder's
    // fill there (article-card's #e9e5df), else what lies under the layer.
    const [x, y] = [box.x + box.w * 0.1, box.y + box.h / 2]
    const fill = [0xe9, 0xe5, 0xdf]
    expect(await pixelAt(undefined, x, y)).toEqual(fill)
    const finished = await pixelAt(false, x, y)
    expect(finished).not.toEqual(fill)
    // What lies under it is the picture without the image layer at all.
    const without = { ...t, layers: t.layers.filter((l) => l !== photo) }
    const { pixels, width } = await drawPixels(without, values, {}, 1)
    const at = (Math.round(y) * width + Math.round(x)) * 4
    expect(finished).toEqual([...pixels.subarray(at, at + 3)])
  })
})
