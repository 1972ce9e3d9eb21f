import type { Meta, StoryObj } from '@storybook/react-vite'
import { parseTemplate } from '@templet/template'
import { expect, fireEvent, userEvent, waitFor, within } from 'storybook/test'
import { Designer } from './designer'
import { drag, handle, layerButton, px, sampleDocument } from './story-helpers'

const meta = {
  title: 'Designer/Canvas',
  component: Designer,
  args: { document: sampleDocument, zoom: 0.5, previews: false },
  parameters: { layout: 'padded' },
} satisfies Meta<typeof Designer>

export default meta
type Story = StoryObj<typeof meta>

const surface = (root: HTMLElement) => {
  const el = root.querySelector<HTMLElement>('[data-slot=designer-canvas]')
  if (!el) throw new Error('no canvas')
  return el
}

export const Selected: Story = {
  name: 'A selected layer: frame, eight handles and the rotation handle',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(layerButton(canvasElement, 'badge'))
    await waitFor(() => expect(layerButton(canvasElement, 'badge')).toHaveAttribute('aria-pressed', 'true'))
    await expect(canvasElement.querySelectorAll('[data-handle]')).toHaveLength(9)
    await expect(canvas.getByRole('heading', { name: 'Properties: Badge' })).toBeVisible()
    await expect(canvas.getByLabelText('Width')).toHaveValue('120')
  },
}

export const Resizing: Story = {
  name: 'Resize with a handle; Shift keeps the ratio; one undo step each',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const badge = layerButton(canvasElement, 'badge')
    await userEvent.click(badge)
    const w = px(badge.style.width)
    const h = px(badge.style.height)
    // The east handle: 20 CSS px at zoom 0.5 is 40 template px wider, the height unchanged.
    drag(handle(canvasElement, 'e'), 20, 15)
    await waitFor(() => expect(px(badge.style.width)).toBeCloseTo(w + 20))
    await expect(px(badge.style.height)).toBeCloseTo(h)
    await expect(canvas.getByLabelText('Width')).toHaveValue('160')
    // Shift on a corner: both sides by the same factor.
    drag(handle(canvasElement, 'se'), 40, 0, { shiftKey: true })
    await waitFor(() => expect(canvas.getByLabelText('Width')).toHaveValue('240'))
    await expect(canvas.getByLabelText('Height')).toHaveValue('180')
    await userEvent.click(canvas.getByRole('button', { name: 'Undo' }))
    await waitFor(() => expect(canvas.getByLabelText('Width')).toHaveValue('160'))
    await expect(canvas.getByLabelText('Height')).toHaveValue('120')
  },
}

export const ResizeSnaps: Story = {
  name: 'Resize: the moved edge snaps to the canvas’s centre',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(layerButton(canvasElement, 'badge'))
    // The badge's left edge is at 560; drag it to 2 template px right of the centre (400).
    drag(handle(canvasElement, 'w'), -79, 0, { steps: 4 })
    await waitFor(() => expect(canvas.getByLabelText('X')).toHaveValue('400'))
    await expect(canvas.getByLabelText('Width')).toHaveValue('280')
  },
}

export const Rotated: Story = {
  name: 'Rotate with the handle (Shift: 15° steps) and from the keyboard',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const card = layerButton(canvasElement, 'card')
    await userEvent.click(card)
    const r = card.getBoundingClientRect()
    // From the rotation handle above the top edge to the right of the centre: about 90°, Shift rounds it.
    const rotate = handle(canvasElement, 'rotate')
    const h = rotate.getBoundingClientRect()
    const at = { clientX: h.left + 6, clientY: h.top + 6, pointerId: 1, button: 0 }
    fireEvent.pointerDown(rotate, at)
    fireEvent.pointerMove(rotate, {
      ...at,
      clientX: r.right + 100,
      clientY: r.top + r.height / 2 + 10,
      shiftKey: true,
    })
    fireEvent.pointerUp(rotate, { ...at, clientX: r.right + 100, clientY: r.top + r.height / 2 + 10 })
    await waitFor(() => expect(canvas.getByLabelText('Rotation (°)')).toHaveValue('90'))
    await expect(card.style.transform).toBe('rotate(90deg)')
    const field = canvas.getByLabelText('Rotation (°)')
    await userEvent.click(field)
    await userEvent.keyboard('{ArrowUp}')
    await waitFor(() => expect(card.style.transform).toBe('rotate(105deg)'))
  },
}

export const DragIsOneStep: Story = {
  name: 'Drag a layer: one undo step, its fields follow at its end; its button takes a new name and leaves when locked',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const layers = within(canvas.getByRole('navigation', { name: 'Layers' }))
    const badge = layerButton(canvasElement, 'badge')
    const x = px(badge.style.left)
    // 30 CSS px at zoom 0.5: 60 template px, in six steps.
    drag(badge, 30, 0, { steps: 6 })
    await waitFor(() => expect(px(badge.style.left)).toBeCloseTo(x + 30))
    await waitFor(() => expect(canvas.getByLabelText('X')).toHaveValue('620'))
    await userEvent.click(canvas.getByRole('button', { name: 'Undo' }))
    await waitFor(() => expect(px(badge.style.left)).toBeCloseTo(x))
    await expect(canvas.getByLabelText('X')).toHaveValue('560')
    await expect(canvas.getByRole('button', { name: 'Undo' })).toBeDisabled()
    layers.getByRole('button', { name: 'Badge' }).focus()
    await userEvent.keyboard('{F2}')
    const input = await layers.findByRole('textbox', { name: 'Rename: Badge' })
    await userEvent.clear(input)
    await userEvent.type(input, 'Sticker{Enter}')
    await waitFor(() => expect(layerButton(canvasElement, 'badge')).toHaveAccessibleName('Sticker'))
    await userEvent.click(layers.getByRole('button', { name: 'Lock: Sticker' }))
    await waitFor(() => expect(canvasElement.querySelector('[data-layer="badge"]')).toBeNull())
  },
}

export const MultiSelected: Story = {
  name: 'Marquee on the empty canvas selects several; align and distribute',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const s = surface(canvasElement)
    const r = s.getBoundingClientRect()
    // A marquee from near the canvas's bottom-left corner over the rule and the badge (zoom 0.5).
    drag(s, 320, -100, { from: { x: r.left + 10, y: r.top + 390 } })
    await waitFor(() => expect(layerButton(canvasElement, 'badge')).toHaveAttribute('aria-pressed', 'true'))
    await expect(layerButton(canvasElement, 'rule')).toHaveAttribute('aria-pressed', 'true')
    await expect(layerButton(canvasElement, 'card')).toHaveAttribute('aria-pressed', 'false')
    await expect(canvas.getByText('2 layers selected')).toBeVisible()
    const body = within(document.body)
    await userEvent.click(canvas.getByRole('button', { name: 'Align' }))
    // Two layers: aligned to each other, not yet distributed (that takes three).
    await expect(await body.findByRole('menuitem', { name: 'Distribute vertically' })).toHaveAttribute(
      'aria-disabled',
      'true',
    )
    await userEvent.click(body.getByRole('menuitem', { name: 'Align left' }))
    await waitFor(() =>
      expect(px(layerButton(canvasElement, 'badge').style.left)).toBe(
        px(layerButton(canvasElement, 'rule').style.left),
      ),
    )
    // Shift-click adds the card: three layers can be distributed.
    fireEvent.pointerDown(layerButton(canvasElement, 'card'), { pointerId: 1, button: 0, shiftKey: true })
    fireEvent.pointerUp(layerButton(canvasElement, 'card'), { pointerId: 1, button: 0 })
    await waitFor(() => expect(canvas.getByText('3 layers selected')).toBeVisible())
    await userEvent.click(canvas.getByRole('button', { name: 'Align' }))
    await expect(await body.findByRole('menuitem', { name: 'Distribute vertically' })).not.toHaveAttribute(
      'aria-disabled',
    )
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(body.queryByRole('menu')).toBeNull())
    // A click on the empty canvas clears the selection.
    drag(s, 0, 0, { from: { x: r.left + 5, y: r.top + 395 } })
    await waitFor(() => expect(canvas.getByText('Select a layer to change it.')).toBeVisible())
  },
}

export const Zoomed: Story = {
  name: 'Zoom: buttons, Ctrl/Cmd +/-/0, Ctrl+wheel and fit',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const s = surface(canvasElement)
    await expect(px(s.style.width)).toBe(400)
    await userEvent.click(canvas.getByRole('button', { name: 'Zoom in' }))
    await waitFor(() => expect(px(s.style.width)).toBeCloseTo(533.3, 0))
    await expect(canvas.getByRole('button', { name: /^67 %/ })).toBeVisible()
    layerButton(canvasElement, 'badge').focus()
    await userEvent.keyboard('{Control>}-{/Control}')
    await waitFor(() => expect(px(s.style.width)).toBe(400))
    await userEvent.keyboard('{Control>}0{/Control}')
    await waitFor(() => expect(px(s.style.width)).toBe(800))
    const viewport = canvasElement.querySelector<HTMLElement>('[data-slot=designer-viewport]')
    if (!viewport) throw new Error('no viewport')
    fireEvent.wheel(viewport, { deltaY: 300, ctrlKey: true, clientX: 100, clientY: 100 })
    await waitFor(() => expect(px(s.style.width)).toBeLessThan(800))
    await userEvent.click(canvas.getByRole('button', { name: 'Fit' }))
    await waitFor(() => expect(s.getBoundingClientRect().height).toBeLessThanOrEqual(viewport.clientHeight))
  },
}

export const LockedAndHidden: Story = {
  name: 'Locked and hidden layers: not on the canvas, listed in the layers panel',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const layers = within(canvas.getByRole('navigation', { name: 'Layers' }))
    await expect(canvasElement.querySelector('[data-layer="background"]')).toBeNull()
    await expect(canvasElement.querySelector('[data-layer="note"]')).toBeNull()
    await expect(layers.getByRole('button', { name: 'Lock: Background' })).toHaveAttribute(
      'aria-pressed',
      'true',
    )
    await expect(layers.getByRole('button', { name: 'Hide: Note' })).toHaveAttribute('aria-pressed', 'true')
    await userEvent.click(layers.getByRole('button', { name: 'Lock: Badge' }))
    await waitFor(() => expect(canvasElement.querySelector('[data-layer="badge"]')).toBeNull())
    await userEvent.click(layers.getByRole('button', { name: 'Hide: Note' }))
    await waitFor(() => expect(layerButton(canvasElement, 'note')).toBeVisible())
  },
}

export const AddDeleteDuplicate: Story = {
  name: 'Add text, image and shapes; duplicate (Ctrl+D) and delete (Delete)',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const body = within(canvasElement.ownerDocument.body)
    const rows = () => canvasElement.querySelectorAll('[data-layer-row]').length
    const before = rows()
    await userEvent.click(canvas.getByRole('button', { name: 'Add' }))
    await userEvent.click(await body.findByRole('menuitem', { name: 'Text' }))
    await waitFor(() => expect(rows()).toBe(before + 1))
    await expect(layerButton(canvasElement, 'text')).toHaveAttribute('aria-pressed', 'true')
    await userEvent.click(canvas.getByRole('button', { name: 'Add' }))
    await userEvent.click(await body.findByRole('menuitem', { name: 'Image the customer adds' }))
    await waitFor(() => expect(layerButton(canvasElement, 'image')).toHaveAttribute('aria-pressed', 'true'))
    // The new image layer's field is what the customer fills.
    await expect(canvasElement.querySelector('[data-field="image"]')).not.toBeNull()
    await userEvent.click(canvas.getByRole('button', { name: 'Add' }))
    await userEvent.click(await body.findByRole('menuitem', { name: 'Ellipse' }))
    await waitFor(() => expect(layerButton(canvasElement, 'ellipse')).toHaveAttribute('aria-pressed', 'true'))
    layerButton(canvasElement, 'ellipse').focus()
    await userEvent.keyboard('{Control>}d{/Control}')
    await waitFor(() =>
      expect(layerButton(canvasElement, 'ellipse-copy')).toHaveAttribute('aria-pressed', 'true'),
    )
    layerButton(canvasElement, 'ellipse-copy').focus()
    await userEvent.keyboard('{Delete}')
    await waitFor(() => expect(canvasElement.querySelector('[data-layer="ellipse-copy"]')).toBeNull())
    await expect(rows()).toBe(before + 3)
    await userEvent.keyboard('{Control>}z{/Control}')
    await waitFor(() => expect(canvasElement.querySelector('[data-layer="ellipse-copy"]')).not.toBeNull())
  },
}

export const ReadOnly: Story = {
  name: 'Read-only: no handles, no tools',
  args: { readOnly: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(layerButton(canvasElement, 'badge'))
    await expect(canvasElement.querySelector('[data-handle]')).toBeNull()
    await expect(canvas.getByRole('button', { name: 'Add' })).toBeDisabled()
    await expect(canvas.getByLabelText('Width')).toBeDisabled()
  },
}

export const Dark: Story = { args: {}, globals: { theme: 'dark' } }

export const RightToLeft: Story = {
  name: 'Right to left (the canvas keeps its geometry), in Chinese',
  args: { locale: 'zh-CN' },
  globals: { dir: 'rtl' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('navigation', { name: '图层' })).toBeVisible()
    await expect(surface(canvasElement)).toHaveAttribute('dir', 'ltr')
  },
}

export const GroupResize: Story = {
  name: 'Resize a multi-selection: every layer scales with its frame; one undo step',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const s = surface(canvasElement)
    const r = s.getBoundingClientRect()
    drag(s, 320, -100, { from: { x: r.left + 10, y: r.top + 390 } })
    await waitFor(() => expect(canvas.getByText('2 layers selected')).toBeVisible())
    const frame = canvasElement.querySelector<HTMLElement>('[data-slot=group-frame]')
    if (!frame) throw new Error('no group frame')
    await expect(frame.querySelectorAll('[data-handle]')).toHaveLength(8)
    const badge = layerButton(canvasElement, 'badge')
    const rule = layerButton(canvasElement, 'rule')
    const before = [badge, rule].map((el) => ({ left: px(el.style.left), width: px(el.style.width) }))
    const frameWidth = px(frame.style.width)
    const frameLeft = px(frame.style.left)
    // The east handle, 40 CSS px right: the frame and everything in it grow by the same factor.
    drag(handle(frame, 'e'), 40, 0)
    const k = (frameWidth + 40) / frameWidth
    await waitFor(() => expect(px(frame.style.width)).toBeCloseTo(frameWidth + 40, 0))
    for (const [i, el] of [badge, rule].entries()) {
      const b = before[i] as { left: number; width: number }
      await expect(px(el.style.width)).toBeCloseTo(b.width * k, 0)
      await expect(px(el.style.left)).toBeCloseTo(frameLeft + (b.left - frameLeft) * k, 0)
    }
    await userEvent.click(canvas.getByRole('button', { name: 'Undo' }))
    await waitFor(() => expect(px(badge.style.width)).toBeCloseTo(before[0]?.width ?? 0, 1))
    await expect(px(rule.style.width)).toBeCloseTo(before[1]?.width ?? 0, 1)
  },
}

export const GroupResizeScalesText: Story = {
  name: 'Resize a multi-selection by a corner: its text grows with it; one undo step',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(layerButton(canvasElement, 'headline'))
    await waitFor(() => expect(canvas.getByLabelText('Font size')).toHaveValue('56'))
    fireEvent.pointerDown(layerButton(canvasElement, 'badge'), { pointerId: 1, button: 0, shiftKey: true })
    fireEvent.pointerUp(layerButton(canvasElement, 'badge'), { pointerId: 1, button: 0 })
    await waitFor(() => expect(canvas.getByText('2 layers selected')).toBeVisible())
    const frame = canvasElement.querySelector<HTMLElement>('[data-slot=group-frame]')
    if (!frame) throw new Error('no group frame')
    const frameWidth = px(frame.style.width)
    // The south-east corner, 50 CSS px right with Shift: everything grows by the frame's factor, fonts too.
    drag(handle(frame, 'se'), 50, 0, { shiftKey: true })
    const k = (frameWidth + 50) / frameWidth
    await waitFor(() => expect(px(frame.style.width)).toBeCloseTo(frameWidth + 50, 0))
    // Escape clears the selection; a click then selects the headline alone, to read its size.
    fireEvent.keyDown(surface(canvasElement), { key: 'Escape' })
    await waitFor(() => expect(canvas.getByText('Select a layer to change it.')).toBeVisible())
    await userEvent.click(layerButton(canvasElement, 'headline'))
    await waitFor(() =>
      expect(Number(canvas.getByLabelText<HTMLInputElement>('Font size').value)).toBeCloseTo(56 * k, 1),
    )
    await expect(Number(canvas.getByLabelText<HTMLInputElement>('Smallest size').value)).toBeCloseTo(
      28 * k,
      1,
    )
    await userEvent.click(canvas.getByRole('button', { name: 'Undo' }))
    await waitFor(() => expect(canvas.getByLabelText('Font size')).toHaveValue('56'))
    await expect(canvas.getByLabelText('Smallest size')).toHaveValue('28')
  },
}

/** A 400 × 100 picture of four coloured stripes, as a photo the author placed. */
async function stripes(): Promise<ImageBitmap> {
  const c = new OffscreenCanvas(400, 100)
  const ctx = c.getContext('2d')
  if (!ctx) throw new Error('no 2d context')
  ;['#e63946', '#2a9d8f', '#e9c46a', '#264653'].forEach((colour, i) => {
    ctx.fillStyle = colour
    ctx.fillRect(i * 100, 0, 100, 100)
  })
  return createImageBitmap(c)
}

export const CropPhoto: Story = {
  name: 'Crop a photo in its frame: double click, drag or arrows move it, Escape ends',
  args: {
    document: parseTemplate({
      ...sampleDocument,
      layers: [
        ...sampleDocument.layers,
        { id: 'picture', name: 'Picture', type: 'image', src: '17', box: { x: 440, y: 560, w: 300, h: 200 } },
      ],
    }),
    loadImage: async () => stripes(),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const picture = layerButton(canvasElement, 'picture')
    await userEvent.click(picture)
    await expect(canvas.getByLabelText('Focus X (%)')).toHaveValue('50')
    // The photo is decoded before crop mode can start (there is nothing to move without it).
    await waitFor(async () => {
      await userEvent.dblClick(picture)
      await expect(canvas.getByText(/^Cropping Picture: drag the photo/)).toBeVisible()
    })
    // Cover in a 300 × 200 frame: the 4:1 photo is drawn 800 px wide. 40 CSS px at zoom 0.5 are 80 px of it.
    drag(picture, 40, 0)
    await waitFor(() => expect(canvas.getByLabelText('Focus X (%)')).toHaveValue('40'))
    await expect(canvas.getByLabelText('X')).toHaveValue('440')
    picture.focus()
    await userEvent.keyboard('{Shift>}{ArrowLeft}{/Shift}')
    await waitFor(() => expect(canvas.getByLabelText('Focus X (%)')).toHaveValue('42.5'))
    await userEvent.keyboard('{Escape}')
    await expect(canvas.queryByText(/^Cropping Picture/)).toBeNull()
    // Out of crop mode, the arrows move the layer again.
    await userEvent.keyboard('{ArrowLeft}')
    await waitFor(() => expect(canvas.getByLabelText('X')).toHaveValue('439'))
  },
}
