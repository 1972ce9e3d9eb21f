import { parseTemplate } from '@templet/template'
import { describe, expect, it } from 'vitest'
import {
  DESIGNER_STRINGS_EN,
  designerReducer,
  FIXED_IMAGE_MAX_BYTES,
  fixedImageLayer,
  fixedImageProblem,
  fixedImageRefs,
  initialState,
} from '../src/index'

const template = parseTemplate({
  id: 'logo-card',
  typeId: 'social-posts',
  name: { en: 'Card', 'zh-CN': '卡片' },
  sizes: [{ id: 'wide', width: 800, height: 400, label: { en: 'Wide', 'zh-CN': '宽' } }],
  fields: [],
  layers: [{ id: 'bg', type: 'shape', fill: '#ffffff' }],
  samples: { en: {}, 'zh-CN': {} },
})

describe('a fixed image (a logo)', () => {
  it('is placed centred, a quarter of the shorter side, with the image’s proportions, and adds no field', () => {
    const layer = fixedImageLayer(template, 'wide', '42', 300, 150)
    expect(layer).toMatchObject({
      type: 'image',
      src: '42',
      fit: 'contain',
      box: { x: 350, y: 175, w: 100, h: 50 },
    })
    const s = designerReducer(initialState(template), { type: 'add', layer })
    const next = parseTemplate(s.document)
    expect(next.fields).toEqual([])
    expect(fixedImageRefs(next)).toEqual(['42'])
    // One undo step takes it away again.
    expect(designerReducer(s, { type: 'undo' }).document.layers).toHaveLength(1)
  })

  it('refuses another type than PNG, JPEG or WebP, and a file over the limit, in words that say what to do', () => {
    expect(
      fixedImageProblem({ type: 'image/png', size: 1000 }, FIXED_IMAGE_MAX_BYTES, DESIGNER_STRINGS_EN),
    ).toBe(undefined)
    expect(
      fixedImageProblem({ type: 'image/gif', size: 1000 }, FIXED_IMAGE_MAX_BYTES, DESIGNER_STRINGS_EN),
    ).toBe('This file is not a PNG, JPEG or WebP image; choose one of those.')
    expect(
      fixedImageProblem(
        { type: 'image/webp', size: FIXED_IMAGE_MAX_BYTES + 1 },
        FIXED_IMAGE_MAX_BYTES,
        DESIGNER_STRINGS_EN,
      ),
    ).toBe('This image is larger than 10 MB; choose a smaller one.')
  })
})
