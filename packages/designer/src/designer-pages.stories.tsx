import type { Meta, StoryObj } from '@storybook/react-vite'
import { parseTemplate, type Template } from '@templet/template'
import { CommentPin } from '@templet/ui/comment-thread'
import { expect, fn, userEvent, waitFor, within } from 'storybook/test'
import { Designer } from './designer'
import { drag, phoneViewport, sampleDocument } from './story-helpers'

/** The sample design as a three-page menu: the sample on the cover, a light page of dishes, a blank back page. */
const menu: Template = parseTemplate({
  ...sampleDocument,
  pages: [
    { id: 'cover', name: 'Cover' },
    { id: 'dishes', name: 'Dishes of the season, long enough to be cut in its strip' },
    { id: 'back', name: 'Back' },
  ],
  layers: [
    ...sampleDocument.layers,
    { id: 'dishes-bg', name: 'Paper', type: 'shape', fill: '#fbf7ef', page: 'dishes' },
    {
      id: 'dishes-title',
      name: 'Dishes title',
      type: 'text',
      text: 'Spring dishes',
      color: '#14213d',
      size: 64,
      box: { x: 60, y: 60, w: 680, h: 90 },
      page: 'dishes',
    },
  ],
})

const meta = {
  title: 'Designer/Pages',
  component: Designer,
  args: { document: menu, zoom: 0.4, previews: false, onChange: fn() },
  parameters: { layout: 'padded' },
} satisfies Meta<typeof Designer>

export default meta
type Story = StoryObj<typeof meta>

/** How long a play function waits for the document to follow: a machine running other work is slow. */
const SETTLED = { timeout: 5000 }

const lastDocument = (onChange: unknown) =>
  (onChange as ReturnType<typeof fn>).mock.calls.at(-1)?.[0] as Template

export const ThreePages: Story = {
  name: 'Three pages: show one, its layers alone in the panel; move it with Alt+Arrow; rename; delete',
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    const strip = within(canvas.getByRole('region', { name: 'Pages' }))
    const layers = within(canvas.getByRole('navigation', { name: 'Layers' }))
    await expect(strip.getByRole('button', { name: 'Page 1: Cover' })).toHaveAttribute('aria-current', 'page')
    await expect(layers.getByRole('button', { name: 'Card' })).toBeVisible()
    await expect(layers.queryByRole('button', { name: 'Dishes title' })).toBeNull()

    const dishes = strip.getByRole('button', { name: /^Page 2: Dishes/ })
    await userEvent.click(dishes)
    await expect(dishes).toHaveAttribute('aria-current', 'page')
    await expect(layers.getByRole('button', { name: 'Dishes title' })).toBeVisible()
    await expect(layers.queryByRole('button', { name: 'Card' })).toBeNull()

    dishes.focus()
    await userEvent.keyboard('{Alt>}{ArrowRight}{/Alt}')
    await waitFor(
      () => expect(lastDocument(args.onChange).pages?.map((p) => p.id)).toEqual(['cover', 'back', 'dishes']),
      SETTLED,
    )
    await waitFor(() => expect(strip.getByRole('button', { name: /^Page 3: Dishes/ })).toHaveFocus(), SETTLED)

    // The strip gives the moved page's button the focus at the next frame; a box clicked before that frame
    // would lose the focus, and its words, to it.
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))
    const name = strip.getByLabelText('Page name')
    await userEvent.clear(name)
    await userEvent.type(name, 'Dishes')
    await waitFor(() => expect(strip.getByLabelText('Page name')).toHaveValue('Dishes'), SETTLED)
    await waitFor(() => expect(lastDocument(args.onChange).pages?.[2]?.name).toBe('Dishes'), SETTLED)

    await userEvent.click(strip.getByRole('button', { name: 'Delete page' }))
    await waitFor(
      () => expect(lastDocument(args.onChange).pages?.map((p) => p.id)).toEqual(['cover', 'back']),
      SETTLED,
    )
    await expect(lastDocument(args.onChange).layers.some((l) => l.page === 'dishes')).toBe(false)
    // The page before the deleted one is shown.
    await expect(strip.getByRole('button', { name: 'Page 2: Back' })).toHaveAttribute('aria-current', 'page')
  },
}

export const AddAPage: Story = {
  name: 'A design of one page: Add page shows a blank second page; undo takes it away',
  args: { document: sampleDocument },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    const strip = within(canvas.getByRole('region', { name: 'Pages' }))
    await expect(strip.getByRole('button', { name: 'Delete page' })).toBeDisabled()
    await userEvent.click(strip.getByRole('button', { name: 'Add page' }))
    await expect(strip.getByRole('button', { name: 'Page 2: Page 2' })).toHaveAttribute(
      'aria-current',
      'page',
    )
    const layers = within(canvas.getByRole('navigation', { name: 'Layers' }))
    await expect(layers.queryAllByRole('button')).toHaveLength(0)
    await waitFor(() => expect(lastDocument(args.onChange).pages).toHaveLength(2), SETTLED)
    await userEvent.click(canvas.getByRole('button', { name: /^Undo/ }))
    await waitFor(() => expect(strip.queryByRole('button', { name: /^Page 2/ })).toBeNull(), SETTLED)
    await expect(lastDocument(args.onChange)).not.toHaveProperty('pages')
  },
}

export const ChineseRightToLeft: Story = {
  name: 'Pages in Chinese, right to left: Alt+Left moves a page later, towards the left',
  args: { locale: 'zh-CN' },
  globals: { dir: 'rtl' },
  play: async ({ canvasElement, args }) => {
    const strip = within(within(canvasElement).getByRole('region', { name: '页面' }))
    const cover = strip.getByRole('button', { name: '第 1 页：Cover' })
    await expect(cover).toHaveAttribute('aria-current', 'page')
    await expect(strip.getByRole('button', { name: '添加页面' })).toBeVisible()
    cover.focus()
    await userEvent.keyboard('{Alt>}{ArrowLeft}{/Alt}')
    await waitFor(
      () => expect(lastDocument(args.onChange).pages?.map((p) => p.id)).toEqual(['dishes', 'cover', 'back']),
      SETTLED,
    )
    // The cover moved and is still the page shown.
    await expect(strip.getByRole('button', { name: '第 2 页：Cover' })).toHaveFocus()
    await expect(strip.getByRole('button', { name: '第 2 页：Cover' })).toHaveAttribute(
      'aria-current',
      'page',
    )
  },
}

export const ReadOnlyOnAPhone: Story = {
  name: 'Mobile, read-only: the pages are shown and can be looked at, not changed',
  args: { readOnly: true, zoom: 'fit-width' },
  globals: phoneViewport,
  play: async ({ canvasElement }) => {
    const strip = within(within(canvasElement).getByRole('region', { name: 'Pages' }))
    await expect(strip.queryByRole('button', { name: 'Add page' })).toBeNull()
    await userEvent.click(strip.getByRole('button', { name: 'Page 3: Back' }))
    await expect(strip.getByRole('button', { name: 'Page 3: Back' })).toHaveAttribute('aria-current', 'page')
  },
}

/** Review pins a host draws over the page shown: one on the cover, one on the dishes. */
const pins = [
  { page: 0, x: 0.25, y: 0.3, number: 1 },
  { page: 1, x: 0.75, y: 0.6, number: 2 },
]

export const Annotations: Story = {
  name: 'Annotations: the host’s pins over the page shown, on their point at any zoom; a press on one is its own',
  args: {
    annotations: ({ page }) =>
      pins
        .filter((p) => p.page === page)
        .map((p) => (
          <CommentPin key={p.number} number={p.number} x={p.x} y={p.y} label={`Comment ${p.number}`} />
        )),
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    const frame = canvasElement.querySelector('[data-slot="designer-canvas"]') as HTMLElement
    const at = (pin: HTMLElement) => {
      const f = frame.getBoundingClientRect()
      const b = pin.getBoundingClientRect()
      // The pin's point is the middle of its bottom edge.
      return { x: (b.left + b.width / 2 - f.left) / f.width, y: (b.bottom - f.top) / f.height }
    }
    const first = canvas.getByRole('button', { name: 'Comment 1' })
    await expect(canvas.queryByRole('button', { name: 'Comment 2' })).toBeNull()
    await expect(at(first).x).toBeCloseTo(0.25, 2)
    await expect(at(first).y).toBeCloseTo(0.3, 2)

    // Zoomed in, the pin keeps its point on the page.
    await userEvent.click(canvas.getByRole('button', { name: 'Zoom in' }))
    await waitFor(() => expect(at(canvas.getByRole('button', { name: 'Comment 1' })).x).toBeCloseTo(0.25, 2))

    // A press on a pin neither selects the layer under it nor changes the design.
    await userEvent.click(canvas.getByRole('button', { name: 'Comment 1' }))
    await expect(canvas.getByRole('button', { name: 'Comment 1' })).toHaveFocus()
    await expect(args.onChange).not.toHaveBeenCalled()
    await expect(frame.querySelector('[data-layer][aria-pressed="true"]')).toBeNull()
    // Nor does a drag from it draw a marquee over the layers.
    drag(canvas.getByRole('button', { name: 'Comment 1' }), 200, 200)
    await expect(frame.querySelector('[data-layer][aria-pressed="true"]')).toBeNull()

    const strip = within(canvas.getByRole('region', { name: 'Pages' }))
    await userEvent.click(strip.getByRole('button', { name: /^Page 2: Dishes/ }))
    await expect(await canvas.findByRole('button', { name: 'Comment 2' })).toBeVisible()
    await expect(canvas.queryByRole('button', { name: 'Comment 1' })).toBeNull()
  },
}
