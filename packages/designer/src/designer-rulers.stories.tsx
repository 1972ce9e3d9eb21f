import type { Meta, StoryObj } from '@storybook/react-vite'
import { PAPER_SIZES, parseTemplate, type Template } from '@templet/template'
import { expect, fireEvent, userEvent, waitFor, within } from 'storybook/test'
import { Designer } from './designer'
import { drag, layerButton, phoneViewport, px, sampleDocument } from './story-helpers'

/** The sample design with a guide on each axis of its square. */
const guided: Template = {
  ...sampleDocument,
  sizes: sampleDocument.sizes.map((s, i) => (i === 0 ? { ...s, guides: { x: [400], y: [120] } } : s)),
}

const meta = {
  title: 'Designer/Rulers and guides',
  component: Designer,
  args: { document: sampleDocument, zoom: 0.5, previews: false, view: { rulers: true } },
  parameters: { layout: 'padded' },
} satisfies Meta<typeof Designer>

export default meta
type Story = StoryObj<typeof meta>

const ruler = (root: HTMLElement, side: 'top' | 'left') => {
  const el = root.querySelector<HTMLElement>(`[data-ruler="${side}"]`)
  if (!el) throw new Error(`no ${side} ruler`)
  return el
}
const surface = (root: HTMLElement) => {
  const el = root.querySelector<HTMLElement>('[data-slot=designer-canvas]')
  if (!el) throw new Error('no canvas')
  return el
}
/** How many pixels of a canvas are drawn on. */
function inked(canvas: HTMLCanvasElement): number {
  const data = canvas.getContext('2d')?.getImageData(0, 0, canvas.width, canvas.height).data ?? []
  let n = 0
  for (let i = 3; i < data.length; i += 4) if ((data[i] ?? 0) > 0) n++
  return n
}
/** A pointer press at (x, y) client px, moves to (x2, y2) in steps, and (unless `hold`) its release there. */
function pointer(
  el: HTMLElement,
  from: { x: number; y: number },
  to: { x: number; y: number },
  hold = false,
) {
  const at = { pointerId: 1, button: 0, clientX: from.x, clientY: from.y }
  fireEvent.pointerDown(el, at)
  for (let i = 1; i <= 4; i++)
    fireEvent.pointerMove(el, {
      ...at,
      clientX: from.x + ((to.x - from.x) * i) / 4,
      clientY: from.y + ((to.y - from.y) * i) / 4,
    })
  if (!hold) fireEvent.pointerUp(el, { ...at, clientX: to.x, clientY: to.y })
}

export const RulersOn: Story = {
  name: 'Rulers on: numbered in px, Shift+R hides them',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const top = ruler(canvasElement, 'top')
    await expect(ruler(canvasElement, 'left')).toBeInTheDocument()
    // The rulers line up with the viewport: the top one as wide, the left one as tall.
    const viewport = canvasElement.querySelector('[data-slot=designer-viewport]')?.getBoundingClientRect()
    await expect(Math.abs(top.getBoundingClientRect().width - (viewport?.width ?? 0))).toBeLessThan(1)
    // Ticks and numbers are drawn on it.
    await waitFor(() => expect(inked(top as HTMLCanvasElement)).toBeGreaterThan(100))
    await userEvent.click(canvas.getByRole('button', { name: 'View' }))
    const body = within(canvasElement.ownerDocument.body)
    await expect(await body.findByRole('menuitemcheckbox', { name: 'Rulers (Shift+R)' })).toHaveAttribute(
      'aria-checked',
      'true',
    )
    await userEvent.keyboard('{Escape}')
    layerButton(canvasElement, 'badge').focus()
    await userEvent.keyboard('{Shift>}R{/Shift}')
    await waitFor(() => expect(canvasElement.querySelector('[data-ruler]')).toBeNull())
    await userEvent.keyboard('{Shift>}R{/Shift}')
    await waitFor(() => expect(canvasElement.querySelector('[data-ruler="top"]')).not.toBeNull())
  },
}

export const DragGuide: Story = {
  name: 'Drag a guide from the ruler; a layer snaps to it; back onto the ruler removes it',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const page = surface(canvasElement).getBoundingClientRect()
    const top = ruler(canvasElement, 'top').getBoundingClientRect()
    // Zoom 0.5: 150 CSS px below the page's top is 300 design px.
    pointer(
      ruler(canvasElement, 'top'),
      { x: page.left + 100, y: top.bottom - 5 },
      { x: page.left + 100, y: page.top + 150 },
    )
    const guide = await canvas.findByRole('slider', { name: 'Horizontal guide' })
    await expect(guide).toHaveAttribute('aria-valuenow', '300')
    await expect(guide).toHaveAttribute('aria-valuetext', '300 px')
    // The badge (top 560) dragged up 128 CSS px lands 4 design px from the guide: it snaps onto it.
    const badge = layerButton(canvasElement, 'badge')
    drag(badge, 0, -128)
    await waitFor(() => expect(px(badge.style.top)).toBeCloseTo(150))
    // Dragged back onto the ruler, the guide goes; undo brings it back.
    const g = guide.getBoundingClientRect()
    pointer(guide, { x: g.left + 200, y: g.top + g.height / 2 }, { x: g.left + 200, y: top.top + 5 })
    await waitFor(() => expect(canvas.queryByRole('slider', { name: 'Horizontal guide' })).toBeNull())
    await userEvent.click(canvas.getByRole('button', { name: 'Undo' }))
    await expect(await canvas.findByRole('slider', { name: 'Horizontal guide' })).toHaveAttribute(
      'aria-valuenow',
      '300',
    )
  },
}

export const GuideBeingDragged: Story = {
  name: 'A guide being dragged, its place written beside it',
  args: { document: guided },
  play: async ({ canvasElement }) => {
    const page = surface(canvasElement).getBoundingClientRect()
    const left = ruler(canvasElement, 'left').getBoundingClientRect()
    // Held, not let go: the picture is the drag under way.
    pointer(
      ruler(canvasElement, 'left'),
      { x: left.right - 5, y: page.top + 100 },
      { x: page.left + 120, y: page.top + 100 },
      true,
    )
    const draft = await waitFor(() => {
      const el = canvasElement.querySelector('[data-guide-draft="x"]')
      if (!el) throw new Error('no guide under way')
      return el
    })
    await expect(draft).toHaveTextContent('240 px')
  },
}

export const GuidesByKeyboard: Story = {
  name: 'Guides by keyboard: added from the View menu, moved by the arrows, removed by Delete',
  args: { view: {} },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const body = within(canvasElement.ownerDocument.body)
    await userEvent.click(canvas.getByRole('button', { name: 'View' }))
    await userEvent.click(await body.findByRole('menuitem', { name: 'Add a vertical guide' }))
    const guide = await canvas.findByRole('slider', { name: 'Vertical guide' })
    await waitFor(() => expect(guide).toHaveFocus())
    await expect(guide).toHaveAttribute('aria-valuenow', '400')
    await expect(guide).toHaveAccessibleDescription(/Arrow keys move it/)
    await userEvent.keyboard('{ArrowRight}{Shift>}{ArrowRight}{/Shift}{ArrowLeft}')
    await expect(guide).toHaveAttribute('aria-valuenow', '410')
    // The arrows moved the guide, not the selected layer; one undo step puts it back where it was added.
    await userEvent.click(canvas.getByRole('button', { name: 'Undo' }))
    await expect(canvas.getByRole('slider', { name: 'Vertical guide' })).toHaveAttribute(
      'aria-valuenow',
      '400',
    )
    canvas.getByRole('slider', { name: 'Vertical guide' }).focus()
    await userEvent.keyboard('{Delete}')
    await waitFor(() => expect(canvas.queryByRole('slider')).toBeNull())
    // Delete took the guide only: every layer is still there.
    await expect(layerButton(canvasElement, 'badge')).toBeInTheDocument()
  },
}

export const GridOn: Story = {
  name: 'Layout grid on (20 px): a light overlay layers snap to',
  args: { view: { grid: true, gridSpacing: 20 } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const grid = canvasElement.querySelector<HTMLElement>('[data-slot=layout-grid]')
    await expect(grid).toHaveAttribute('data-spacing', '20')
    await expect(canvas.getByLabelText('Grid spacing (px)')).toHaveValue(20)
    // The badge (left 560, 120 wide) dragged 6 CSS px (12 design px) right: its left 572, centre 632 and right
    // 692 are each 8 from a grid line, nearer than any other target; the left one lands first, at 580.
    const badge = layerButton(canvasElement, 'badge')
    drag(badge, 6, 0)
    await waitFor(() => expect(px(badge.style.left)).toBeCloseTo(290))
    badge.focus()
    await userEvent.keyboard('{Shift>}G{/Shift}')
    await waitFor(() => expect(canvasElement.querySelector('[data-slot=layout-grid]')).toBeNull())
  },
}

export const Dark: Story = {
  name: 'Dark: rulers, guides and the grid',
  args: { document: guided, view: { rulers: true, grid: true, gridSpacing: 50 } },
  globals: { theme: 'dark' },
}

export const RightToLeft: Story = {
  name: 'Right to left, in Chinese: the rulers keep the design’s left-to-right axes',
  args: { document: guided, locale: 'zh-CN' },
  globals: { dir: 'rtl' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const page = surface(canvasElement).getBoundingClientRect()
    // The left ruler is left of the design in a right-to-left page too.
    await expect(ruler(canvasElement, 'left').getBoundingClientRect().right).toBeLessThanOrEqual(page.left)
    await expect(canvas.getByRole('slider', { name: '水平参考线' })).toHaveAttribute('aria-valuenow', '120')
    await expect(canvas.getByRole('button', { name: '视图' })).toBeVisible()
  },
}

/** An A5 flyer: its rulers count millimetres. */
const flyer = parseTemplate({
  ...sampleDocument,
  sizes: [
    {
      id: 'a5',
      width: 1748,
      height: 2480,
      label: { en: 'A5', 'zh-CN': 'A5' },
      print: PAPER_SIZES.a5,
      guides: { x: [118] },
    },
  ],
})

export const MobilePrint: Story = {
  name: 'Mobile: a print size’s rulers in mm, a guide 10 mm in',
  args: { document: flyer, zoom: 'fit-width', view: { rulers: true } },
  globals: phoneViewport,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('slider', { name: 'Vertical guide' })).toHaveAttribute(
      'aria-valuetext',
      '10 mm',
    )
    await expect(ruler(canvasElement, 'top')).toBeVisible()
  },
}
