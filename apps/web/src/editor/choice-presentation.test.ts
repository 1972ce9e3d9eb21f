import { parseTemplate } from '@templet/template'
import { describe, expect, it } from 'vitest'
import { choicePresentation } from './choice-presentation'

const label = (en: string, zh: string) => ({ en, 'zh-CN': zh })
const choice = (key: string) => ({
  key,
  kind: 'choice',
  label: label(key, key),
  default: 'a',
  options: [
    { value: 'a', label: label('A', '甲') },
    { value: 'b', label: label('B', '乙') },
  ],
})

const t = parseTemplate({
  id: 'choices',
  typeId: 'social-posts',
  name: label('Choices', '选项'),
  sizes: [{ id: 'square', width: 100, height: 100, label: label('Square', '方形') }],
  fields: [choice('title'), choice('logo'), choice('tone')],
  layers: [
    { id: 'greeting', type: 'text', text: { en: 'Dear {{title}}', 'zh-CN': '{{ title }}您好' }, size: 10 },
    { id: 'mark', type: 'image', src: { field: 'logo', map: { a: '17', b: '18' } } },
    { id: 'panel', type: 'shape', fill: { field: 'tone', map: { a: '#000000', b: '#ffffff' } } },
  ],
  samples: { en: {}, 'zh-CN': {} },
})

describe('how the fill-in editor shows a choice', () => {
  it('a text from a list as a menu, an image set with its images, any other choice as options', () => {
    expect(choicePresentation(t, 'title')).toEqual({ list: true })
    expect(choicePresentation(t, 'logo')).toEqual({ list: false, images: { a: '17', b: '18' } })
    expect(choicePresentation(t, 'tone')).toEqual({ list: false })
  })
})
