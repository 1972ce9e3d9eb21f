import { describe, expect, it } from 'vitest'
import {
  blankTemplate,
  customSize,
  parseTemplate,
  pixelSide,
  SIZE_PIXEL_BOUNDS,
  SIZE_PRESETS,
} from '../src/index'

describe('the sizes a new design starts from', () => {
  it('each makes a blank design the model accepts, with that one size and nothing on it', () => {
    for (const preset of SIZE_PRESETS) {
      const t = parseTemplate(blankTemplate(preset, 'Untitled'))
      expect(t.sizes).toEqual([preset.size])
      expect({ fields: t.fields, layers: t.layers }).toEqual({ fields: [], layers: [] })
    }
  })

  it('have ids of their own, and print sizes keep their sheet within 1 % with a grid of 1,000 px or more', () => {
    expect(new Set(SIZE_PRESETS.map((p) => p.size.id)).size).toBe(SIZE_PRESETS.length)
    for (const { size } of SIZE_PRESETS.filter((p) => p.size.print)) {
      const print = size.print
      if (!print) continue
      expect(Math.abs(size.width / size.height / (print.width / print.height) - 1)).toBeLessThan(0.01)
      expect(Math.max(size.width, size.height)).toBeGreaterThanOrEqual(1000)
    }
    expect(SIZE_PRESETS.find((p) => p.size.id === 'a4')?.size).toMatchObject({ width: 1240, height: 1754 })
    expect(SIZE_PRESETS.find((p) => p.size.id === 'business-card')?.size).toMatchObject({
      width: 1004,
      height: 650,
    })
  })

  it('a custom size is labelled by its pixels, within the bounds the model allows', () => {
    const preset = { size: customSize(SIZE_PIXEL_BOUNDS.max, SIZE_PIXEL_BOUNDS.min), typeId: 'banners' }
    expect(parseTemplate(blankTemplate(preset, 'Wide')).sizes[0]?.label).toEqual({
      en: '4096 × 16 px',
      'zh-CN': '4096 × 16 px',
    })
    const tooWide = { size: customSize(SIZE_PIXEL_BOUNDS.max + 1, 100), typeId: 'banners' }
    expect(() => parseTemplate(blankTemplate(tooWide, 'Too wide'))).toThrow(/4096/)
  })

  it('reads a side typed in whole pixels within the bounds, and nothing else', () => {
    expect(['16', ' 4096 ', '1080'].map(pixelSide)).toEqual([16, 4096, 1080])
    expect(['', '15', '4097', '10.5', '1e3x', 'abc'].map(pixelSide)).toEqual(Array(6).fill(undefined))
  })
})
