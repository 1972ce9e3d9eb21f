import { parseTemplate, type Template } from '@templet/template'

const square = { id: 'square', width: 400, height: 400, label: { en: 'Square', 'zh-CN': '方形' } }

/** A template with no fields and no samples, holding `layers` (as the model's JSON) at `sizes`. */
function card(id: string, sizes: unknown[], layers: unknown[]): Template {
  return parseTemplate({
    id,
    typeId: 'social-posts',
    name: { en: 'Card', 'zh-CN': '卡片' },
    sizes,
    fields: [],
    layers,
    samples: { en: {}, 'zh-CN': {} },
  })
}

/** The designer tests' card at one size, a 400 × 400 square. */
export function squareCard(id: string, layers: unknown[]): Template {
  return card(id, [square], layers)
}

/** The designer tests' card at two sizes: a 400 × 400 square and an 800 × 200 banner. */
export function twoSizeCard(id: string, layers: unknown[]): Template {
  return card(
    id,
    [square, { id: 'banner', width: 800, height: 200, label: { en: 'Banner', 'zh-CN': '横幅' } }],
    layers,
  )
}

/** The label of a choice's option `n`, in both languages. */
export const optionLabel = (n: number) => ({ en: `Option ${n}`, 'zh-CN': `选项 ${n}` })
