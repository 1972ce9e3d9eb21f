import { parseTemplate, type Template } from '@templet/template'

/**
 * The designer tests' card: a template with a 400 × 400 square and an 800 × 200 banner, no fields and no
 * samples, holding `layers` (as the model's JSON).
 */
export function twoSizeCard(id: string, layers: unknown[]): Template {
  return parseTemplate({
    id,
    typeId: 'social-posts',
    name: { en: 'Card', 'zh-CN': '卡片' },
    sizes: [
      { id: 'square', width: 400, height: 400, label: { en: 'Square', 'zh-CN': '方形' } },
      { id: 'banner', width: 800, height: 200, label: { en: 'Banner', 'zh-CN': '横幅' } },
    ],
    fields: [],
    layers,
    samples: { en: {}, 'zh-CN': {} },
  })
}
