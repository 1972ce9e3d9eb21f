import { loadCatalogue, sampleImages } from '@templet/catalogue'
import { describe, expect, it } from 'vitest'
import { Surfaces } from '../src/draw/surfaces'
import { render } from '../src/index'

const template = (id: string) => {
  const t = loadCatalogue().templates.find((x) => x.id === id)
  if (!t) throw new Error(`no template ${id}`)
  return t
}

describe('kept drawing surfaces', () => {
  it('hands a given surface out again for the same pixels, cleared', () => {
    const kept = new Surfaces(1024 * 1024)
    const first = kept.take(20, 10)
    const ctx = first.getContext('2d')
    ctx.save()
    ctx.scale(3, 3)
    ctx.globalAlpha = 0.5
    ctx.fillStyle = '#ff0000'
    ctx.fillRect(0, 0, 20, 10)
    ctx.restore()
    kept.give(first)
    expect(kept.bytes).toBe(20 * 10 * 4)

    const again = kept.take(20, 10)
    expect(again).toBe(first)
    expect(kept.bytes).toBe(0)
    const state = again.getContext('2d')
    expect([...state.getImageData(0, 0, 20, 10).data].every((v) => v === 0)).toBe(true)
    expect([state.getTransform().a, state.globalAlpha]).toEqual([1, 1])
    // Another size is a new surface, and one taken is not handed out twice.
    expect(kept.take(10, 20)).not.toBe(first)
    expect(kept.take(20, 10)).not.toBe(first)
  })

  it('keeps no more than its budget, the pixels least recently given going first', () => {
    const kept = new Surfaces(3 * 100 * 4)
    const [a, b, c, d] = [kept.take(10, 10), kept.take(5, 20), kept.take(10, 10), kept.take(10, 10)]
    for (const s of [a, b, c, d]) if (s) kept.give(s)
    expect(kept.bytes).toBe(3 * 100 * 4)
    // 5 × 20 was given least recently: b went; the last given of a size is handed out first.
    expect([kept.take(10, 10), kept.take(10, 10), kept.take(10, 10)]).toEqual([d, c, a])
    expect(kept.take(5, 20)).not.toBe(b)
    // A surface larger than the whole budget is never kept.
    kept.give(kept.take(100, 100))
    expect(kept.bytes).toBe(0)
  })

  it('gives every render its own surface: renders at once draw what each draws alone', async () => {
    const quote = template('bold-quote')
    const photo = template('photo-feature')
    const alone = [
      await render(quote, quote.samples.en, { sizeId: 'square' }),
      await render(photo, photo.samples.en, { images: sampleImages, sizeId: 'square' }),
    ]
    const together = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        i % 2 === 0
          ? render(quote, quote.samples.en, { sizeId: 'square' })
          : render(photo, photo.samples.en, { images: sampleImages, sizeId: 'square' }),
      ),
    )
    together.forEach((out, i) => {
      const expected = alone[i % 2]
      expect(out.png.equals(expected?.png ?? Buffer.alloc(0))).toBe(true)
      expect(out.thumbnail.equals(expected?.thumbnail ?? Buffer.alloc(0))).toBe(true)
    })
  })
})
