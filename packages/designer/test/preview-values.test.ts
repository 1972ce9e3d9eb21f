import { parseTemplate } from '@templet/template'
import { describe, expect, it } from 'vitest'
import { previewValues } from '../src/index'

const template = parseTemplate({
  id: 'preview-card',
  typeId: 'social-posts',
  name: { en: 'Card', 'zh-CN': '卡片' },
  sizes: [{ id: 'square', width: 400, height: 400, label: { en: 'Square', 'zh-CN': '方形' } }],
  fields: [
    { key: 'title', kind: 'text', label: { en: 'Title', 'zh-CN': '标题' }, default: 'Hello', maxLength: 30 },
    { key: 'photo', kind: 'image', label: { en: 'Photo', 'zh-CN': '照片' } },
  ],
  layers: [
    { id: 'title', type: 'text', text: '{{title}}', size: 40, box: { x: 10, y: 20, w: 200, h: 60 } },
    { id: 'photo', type: 'image', field: 'photo', box: { x: 10, y: 100, w: 200, h: 200 } },
  ],
  samples: { en: { title: 'Summer sale', photo: 'img-1' }, 'zh-CN': { title: '夏季特卖' } },
})

const length = (s = '') => [...new Intl.Segmenter().segment(s)].length

describe('preview states', () => {
  it('fills every text field to its limit for the long text', () => {
    const { values, locale } = previewValues(template, 'longText')
    expect(locale).toBe('en')
    expect(length(values.title)).toBeLessThanOrEqual(30)
    expect(length(values.title)).toBeGreaterThan(25)
  })

  it('draws Chinese in the Chinese locale and Arabic in Arabic, as long as the samples', () => {
    const zh = previewValues(template, 'chinese')
    expect(zh.locale).toBe('zh-CN')
    expect(zh.values.title).toMatch(/^\p{Script=Han}{4}$/u)
    expect(previewValues(template, 'arabic').values.title).toMatch(/\p{Script=Arabic}/u)
    expect(length(previewValues(template, 'arabic').values.title)).toBe(11)
  })

  it('leaves the images out for the missing image, keeping the other samples', () => {
    expect(previewValues(template, 'missingImage').values).toEqual({ title: 'Summer sale' })
  })
})
