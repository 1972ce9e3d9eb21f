import { loadCatalogue, sampleImages } from '@templet/catalogue'
import type { ImageLayer, Template } from '@templet/template'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { render } from '../src/index'
import { pdfBesidePng } from './pdf-pictures'

const poster = () => {
  const t = loadCatalogue().templates.find((x) => x.id === 'event-poster')
  if (!t) throw new Error('no event-poster')
  return t
}

/** The poster with its photo layer changed by `change`. */
const withPhoto = (t: Template, change: Partial<ImageLayer>): Template => ({
  ...t,
  layers: t.layers.map((l) => (l.type === 'image' && l.id === 'photo' ? { ...l, ...change } : l)),
})

/** The largest gap between a pixel's channels over a box of the picture (0 for greys only). */
async function colourfulness(png: Buffer, box: { x: number; y: number; w: number; h: number }) {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true })
  let most = 0
  for (let y = box.y; y < box.y + box.h; y += 4)
    for (let x = box.x; x < box.x + box.w; x += 4) {
      const i = (y * info.width + x) * 3
      const [r = 0, g = 0, b = 0] = [data[i], data[i + 1], data[i + 2]]
      most = Math.max(most, Math.abs(r - g), Math.abs(g - b), Math.abs(r - b))
    }
  return most
}

// Inside the poster's photo at its A-series size, in template px, with room for the sheet's bleed.
const PHOTO = { x: 150, y: 800, w: 900, h: 500 }

describe("an image's crop and adjustments, as the server renders them", () => {
  it('draws a greyscale photo grey', async () => {
    const t = poster()
    const o = { images: sampleImages, sizeId: 'a-series' }
    const plain = await render(t, t.samples.en, o)
    const grey = await render(
      withPhoto(t, { adjust: { brightness: 100, contrast: 100, saturation: 100, grayscale: 100, blur: 0 } }),
      t.samples.en,
      o,
    )
    expect(await colourfulness(plain.png, scaled(PHOTO, plain.width / 1240))).toBeGreaterThan(40)
    expect(await colourfulness(grey.png, scaled(PHOTO, grey.width / 1240))).toBeLessThanOrEqual(2)
  })

  it('leaves every file byte for byte as before when the adjustments are neutral and the zoom is 1', async () => {
    const t = poster()
    const o = { images: sampleImages, sizeId: 'portrait' }
    const plain = await render(t, t.samples.en, o)
    const neutral = await render(
      withPhoto(t, {
        zoom: 1,
        adjust: { brightness: 100, contrast: 100, saturation: 100, grayscale: 0, blur: 0 },
      }),
      t.samples.en,
      o,
    )
    for (const f of ['png', 'jpeg', 'webp', 'thumbnail'] as const)
      expect(neutral[f].equals(plain[f]), f).toBe(true)
  })

  it('draws a cropped, blurred, brightened, desaturated photo in the PDF as in the PNG', async () => {
    const t = withPhoto(poster(), {
      zoom: 1.6,
      focus: { x: 0.3, y: 0.4 },
      adjust: { brightness: 110, contrast: 120, saturation: 0, grayscale: 0, blur: 6 },
    })
    const { difference, page } = await pdfBesidePng(t, 'a-series', 'en')
    const { width = 0 } = await sharp(page).metadata()
    // Without its saturation the photo is grey on the page too: the PDF drew the adjustments, not the upload.
    expect(await colourfulness(page, scaled(PHOTO, width / 1240))).toBeLessThanOrEqual(6)
    expect(difference.mean).toBeLessThan(4)
    expect(difference.off).toBeLessThan(0.025)
  })
})

function scaled(box: typeof PHOTO, k: number) {
  return {
    x: Math.round(box.x * k),
    y: Math.round(box.y * k),
    w: Math.round(box.w * k),
    h: Math.round(box.h * k),
  }
}
