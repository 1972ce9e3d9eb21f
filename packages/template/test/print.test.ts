import { describe, expect, it } from 'vitest'
import { PAPER_SIZES, parseTemplate, printPixels, printPoints, TemplateError } from '../src/index'

// Sizes written as a file would have them, right or wrong: parseTemplate takes unknown JSON.
const withSize = (size: Record<string, unknown>): unknown => ({
  id: 'test-card',
  typeId: 'certificates',
  name: { en: 'Test', 'zh-CN': '测试' },
  sizes: [{ id: 'a4', label: { en: 'A4', 'zh-CN': 'A4' }, ...size }],
  fields: [],
  layers: [{ id: 'bg', type: 'shape', fill: '#ffffff' }],
  samples: { en: {}, 'zh-CN': {} },
})

const issuesOf = (json: unknown) => {
  try {
    parseTemplate(json)
  } catch (e) {
    if (e instanceof TemplateError) return e.issues
    throw e
  }
  return []
}

describe('print sizes', () => {
  it('A4 at 300 dpi is 2480 × 3508 pixels and 595.28 × 841.89 points', () => {
    expect(printPixels(PAPER_SIZES.a4)).toEqual({ width: 2480, height: 3508 })
    const pt = printPoints(PAPER_SIZES.a4)
    expect([pt.width.toFixed(2), pt.height.toFixed(2)]).toEqual(['595.28', '841.89'])
    expect(printPixels(PAPER_SIZES.letter)).toEqual({ width: 2550, height: 3300 })
    expect(printPoints(PAPER_SIZES['card-5x7'])).toEqual({ width: 360, height: 504 })
  })

  it('a size keeps parsing without a sheet, and takes one in mm or inches', () => {
    expect(parseTemplate(withSize({ width: 1240, height: 1754 })).sizes[0]?.print).toBeUndefined()
    const t = parseTemplate(withSize({ width: 1240, height: 1754, print: PAPER_SIZES.a4 }))
    expect(t.sizes[0]?.print).toEqual({ width: 210, height: 297, unit: 'mm' })
    expect(
      issuesOf(withSize({ width: 1500, height: 2100, print: { width: 5, height: 7, unit: 'in' } })),
    ).toEqual([])
  })

  it('refuses pixels that are not the shape of the sheet, saying which width would be', () => {
    const issues = issuesOf(withSize({ width: 1754, height: 1240, print: PAPER_SIZES.a4 }))
    expect(issues).toEqual([
      {
        property: 'sizes[0].print',
        message:
          '1754 × 1240 px is not the shape of 210 × 297 mm: make the width 877 px (or change the sheet)',
      },
    ])
  })

  it('refuses a sheet larger than A2 and an unknown unit', () => {
    const big = issuesOf(
      withSize({ width: 1000, height: 1000, print: { width: 700, height: 700, unit: 'mm' } }),
    )
    expect(big.map((i) => i.message)).toEqual(['a printed side is at most 600 mm (A2)'])
    const unit = issuesOf(
      withSize({ width: 1000, height: 1000, print: { width: 10, height: 10, unit: 'cm' } }),
    )
    expect(unit.map((i) => i.property)).toEqual(['sizes[0].print.unit'])
  })
})
