import { parseTemplate } from '@templet/template'
import { fireEvent } from 'storybook/test'

/** The story's `globals` that draw it in the phone viewport (390 × 844). */
export const phoneViewport = { viewport: { value: 'phone', isRotated: false } }

/** A small design with one layer of each kind, for the stories of the canvas and the panels. */
export const sampleDocument = parseTemplate({
  id: 'launch-card',
  typeId: 'social-posts',
  name: { en: 'Launch card', 'zh-CN': '发布卡片' },
  sizes: [
    { id: 'square', width: 800, height: 800, label: { en: 'Square post', 'zh-CN': '方形帖子' } },
    { id: 'banner', width: 1200, height: 400, label: { en: 'Banner', 'zh-CN': '横幅' } },
  ],
  fields: [
    {
      key: 'headline',
      kind: 'text',
      label: { en: 'Headline', 'zh-CN': '标题' },
      default: { en: 'Launch day', 'zh-CN': '发布日' },
      maxLength: 40,
    },
    { key: 'photo', kind: 'image', label: { en: 'Photo', 'zh-CN': '照片' } },
  ],
  layers: [
    { id: 'background', name: 'Background', type: 'shape', fill: '#f5efe6', locked: true },
    {
      id: 'card',
      name: 'Card',
      type: 'shape',
      fill: {
        type: 'linear',
        angle: 180,
        stops: [
          { offset: 0, color: '#14213d' },
          { offset: 1, color: '#1f3b2d' },
        ],
      },
      radius: 24,
      shadow: { color: '#00000040', x: 0, y: 8, blur: 24 },
      box: { x: 80, y: 80, w: 640, h: 400 },
    },
    {
      id: 'photo',
      name: 'Photo',
      type: 'image',
      field: 'photo',
      radius: 16,
      box: { x: 120, y: 120, w: 240, h: 240 },
    },
    {
      id: 'headline',
      name: 'Headline',
      type: 'text',
      text: '{{headline}}',
      size: 56,
      weight: 700,
      color: '#ffffff',
      shrinkToFit: { minSize: 28 },
      box: { x: 400, y: 140, w: 280, h: 160 },
    },
    {
      id: 'badge',
      name: 'Badge',
      type: 'shape',
      shape: 'ellipse',
      fill: '#f4a259',
      box: { x: 560, y: 560, w: 120, h: 120 },
    },
    {
      id: 'rule',
      name: 'Rule',
      type: 'shape',
      shape: 'line',
      stroke: { color: '#14213d', width: 4 },
      box: { x: 80, y: 600, w: 400, h: 8 },
    },
    {
      id: 'note',
      name: 'Note',
      type: 'text',
      text: 'Hidden note',
      size: 24,
      hidden: true,
      box: { x: 80, y: 700, w: 400, h: 40 },
    },
  ],
  samples: { en: { headline: 'Launch day' }, 'zh-CN': { headline: '发布日' } },
})

/** A layer's button on the canvas. */
export function layerButton(root: HTMLElement, id: string) {
  const el = root.querySelector<HTMLButtonElement>(`[data-layer="${id}"]`)
  if (!el) throw new Error(`no layer ${id} on the canvas`)
  return el
}

/** A handle of the selection frame. */
export function handle(root: HTMLElement, name: string) {
  const el = root.querySelector<HTMLElement>(`[data-handle="${name}"]`)
  if (!el) throw new Error(`no handle ${name}`)
  return el
}

export const px = (v: string) => Number.parseFloat(v)

/** A pointer drag from the centre of `el` by (dx, dy) CSS px in `steps` moves, with keys held. */
export function drag(
  el: HTMLElement,
  dx: number,
  dy: number,
  o: { steps?: number; shiftKey?: boolean; from?: { x: number; y: number } } = {},
) {
  const r = el.getBoundingClientRect()
  const start = o.from ?? { x: r.left + r.width / 2, y: r.top + r.height / 2 }
  const at = { clientX: start.x, clientY: start.y, pointerId: 1, button: 0, shiftKey: o.shiftKey }
  fireEvent.pointerDown(el, at)
  const steps = o.steps ?? 3
  for (let i = 1; i <= steps; i++)
    fireEvent.pointerMove(el, {
      ...at,
      clientX: start.x + (dx * i) / steps,
      clientY: start.y + (dy * i) / steps,
    })
  fireEvent.pointerUp(el, { ...at, clientX: start.x + dx, clientY: start.y + dy })
}
