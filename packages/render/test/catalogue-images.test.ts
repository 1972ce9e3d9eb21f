import { loadCatalogue, sampleImages } from '@templet/catalogue'
import { describe, expect, it } from 'vitest'
import { render } from '../src/index'
import { drawPixels } from '../src/render'

describe("the catalogue's own images", () => {
  it("draw a catalogue template's logo in every size, where the designer placed it", async () => {
    const t = loadCatalogue().templates.find((x) => x.id === 'hiring-post-logo')
    const logo = t?.layers.find((l) => l.type === 'image' && l.src !== undefined)
    if (!t || !logo) throw new Error('hiring-post-logo and its logo left the catalogue')
    expect(logo).toMatchObject({ src: 'sample:logo-peak' })
    for (const size of t.sizes) {
      const box = logo.bySize?.[size.id]?.box ?? logo.box ?? { x: 0, y: 0, w: 0, h: 0 }
      const pixelAt = async (images: typeof sampleImages) => {
        const { pixels, width } = await drawPixels(t, t.samples.en, { sizeId: size.id, images }, 1)
        // Inside the logo's rounded square, left of its peaks: the square's navy (#14213d).
        const [x, y] = [Math.round(box.x + box.w * 0.12), Math.round(box.y + box.h * 0.5)]
        const at = (y * width + x) * 4
        return [...pixels.subarray(at, at + 3)]
      }
      const drawn = await pixelAt(sampleImages)
      for (const [c, want] of [0x14, 0x21, 0x3d].entries())
        expect(Math.abs((drawn[c] ?? 0) - want)).toBeLessThan(8)
      // Without the catalogue's images the post's own colour is there.
      expect(await pixelAt(async () => undefined)).not.toEqual(drawn)
    }
    // A finished picture, thumbnail included, draws it too.
    const out = await render(t, t.samples['zh-CN'], { locale: 'zh-CN', images: sampleImages })
    expect(out.thumbnail.length).toBeGreaterThan(0)
  })
})
