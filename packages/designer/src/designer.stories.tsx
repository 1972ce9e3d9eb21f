import type { Meta, StoryObj } from '@storybook/react-vite'
import { parseTemplate } from '@templet/template'
import { expect, fireEvent, fn, userEvent, waitFor, within } from 'storybook/test'
import boldQuote from '../../catalogue/templates/bold-quote.json'
import { Designer } from './designer'
import { phoneViewport } from './story-helpers'

const document = parseTemplate(boldQuote)

const meta = {
  title: 'Designer/Designer',
  component: Designer,
  args: { document, zoom: 0.5 },
  parameters: { layout: 'padded' },
} satisfies Meta<typeof Designer>

export default meta
type Story = StoryObj<typeof meta>

/** A layer's button on the canvas, and where it sits (in CSS px of the canvas). */
const layer = (canvasElement: HTMLElement, id: string) => {
  const el = canvasElement.querySelector<HTMLButtonElement>(`[data-layer="${id}"]`)
  if (!el) throw new Error(`no layer ${id}`)
  return el
}
const left = (el: HTMLElement) => Number.parseFloat(el.style.left)
const top = (el: HTMLElement) => Number.parseFloat(el.style.top)
const firstTextLayer = document.layers.find((l) => 'text' in l && l.box)?.id ?? ''

/** Adds a text from the Add menu; it takes the focus, and its layer's button is answered. */
async function addText(canvasElement: HTMLElement): Promise<HTMLElement> {
  await userEvent.click(within(canvasElement).getByRole('button', { name: 'Add' }))
  await userEvent.click(
    await within(canvasElement.ownerDocument.body).findByRole('menuitem', { name: 'Text' }),
  )
  return waitFor(() => {
    const el = canvasElement.ownerDocument.activeElement
    if (!(el instanceof HTMLElement) || !el.dataset.layer) throw new Error('no layer has the focus')
    return el
  })
}

export const Default: Story = {}

export const NudgeAndUndo: Story = {
  name: 'Nudge with the keyboard, undo and redo',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const el = layer(canvasElement, firstTextLayer)
    const x = left(el)
    const y = top(el)
    el.focus()
    await waitFor(() => expect(el).toHaveAttribute('aria-pressed', 'true'))
    await userEvent.keyboard('{ArrowRight}')
    // Zoom 0.5: one template pixel is half a CSS pixel.
    await waitFor(() => expect(left(el)).toBeCloseTo(x + 0.5))
    await userEvent.keyboard('{Shift>}{ArrowDown}{/Shift}')
    await waitFor(() => expect(top(el)).toBeCloseTo(y + 5))
    await userEvent.keyboard('{Control>}z{/Control}')
    await waitFor(() => expect(top(el)).toBeCloseTo(y))
    await userEvent.click(canvas.getByRole('button', { name: 'Undo' }))
    await waitFor(() => expect(left(el)).toBeCloseTo(x))
    await expect(canvas.getByRole('button', { name: 'Undo' })).toBeDisabled()
    await userEvent.click(canvas.getByRole('button', { name: 'Redo' }))
    await waitFor(() => expect(left(el)).toBeCloseTo(x + 0.5))
  },
}

export const DragSnapsToCentre: Story = {
  name: 'Drag a layer: it snaps to the centre guide',
  play: async ({ canvasElement }) => {
    const el = layer(canvasElement, firstTextLayer)
    const size = document.sizes[0]
    if (!size) throw new Error('no size')
    const start = el.getBoundingClientRect()
    // Aim the layer's centre 2 CSS px (4 template px) right of the canvas's centre.
    const surface = canvasElement.querySelector('[data-slot=designer-canvas]')?.getBoundingClientRect()
    if (!surface) throw new Error('no canvas')
    const targetCentre = surface.left + (size.width * 0.5) / 2 + 2
    const dx = targetCentre - (start.left + start.width / 2)
    const at = { clientX: start.left + 5, clientY: start.top + 5, pointerId: 1, button: 0 }
    fireEvent.pointerDown(el, at)
    fireEvent.pointerMove(el, { ...at, clientX: at.clientX + dx / 2 })
    fireEvent.pointerMove(el, { ...at, clientX: at.clientX + dx })
    await waitFor(() => expect(canvasElement.querySelector('[data-guide="x"]')).not.toBeNull())
    fireEvent.pointerUp(el, { ...at, clientX: at.clientX + dx })
    const end = el.getBoundingClientRect()
    await expect(end.left + end.width / 2).toBeCloseTo(surface.left + (size.width * 0.5) / 2, 0)
    await expect(canvasElement.querySelector('[data-guide]')).toBeNull()
  },
}

/** The zoom the toolbar shows, in per cent. */
const zoomShown = (canvasElement: HTMLElement) =>
  Number.parseInt(canvasElement.querySelector('[data-slot="zoom-level"]')?.textContent ?? '', 10)

export const FoldPanels: Story = {
  name: 'Fold the side panels away: the canvas takes their room, fitted until zoomed by hand',
  args: { zoom: 'fit-width', onPanelsChange: fn() },
  globals: { viewport: { value: 'desktop', isRotated: false } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    const layersSwitch = canvas.getByRole('button', { name: 'Show the layers panel' })
    const propertiesSwitch = canvas.getByRole('button', { name: 'Show the properties panel' })
    await expect(layersSwitch).toHaveAttribute('aria-pressed', 'true')
    await expect(canvas.getByRole('navigation', { name: 'Layers' })).toBeVisible()
    const withBoth = zoomShown(canvasElement)

    await userEvent.click(layersSwitch)
    await expect(layersSwitch).toHaveAttribute('aria-pressed', 'false')
    await expect(canvas.queryByRole('navigation', { name: 'Layers' })).toBeNull()
    await expect(args.onPanelsChange).toHaveBeenLastCalledWith({ layers: false, properties: true })
    await waitFor(() => expect(zoomShown(canvasElement)).toBeGreaterThan(withBoth))
    const withProperties = zoomShown(canvasElement)

    await userEvent.click(propertiesSwitch)
    await expect(canvas.queryByRole('complementary', { name: /Properties/ })).toBeNull()
    await waitFor(() => expect(zoomShown(canvasElement)).toBeGreaterThan(withProperties))

    // Zoomed by hand, the zoom stays when the room changes.
    await userEvent.click(canvas.getByRole('button', { name: 'Zoom out' }))
    const byHand = zoomShown(canvasElement)
    await userEvent.click(layersSwitch)
    await expect(canvas.getByRole('navigation', { name: 'Layers' })).toBeVisible()
    await expect(zoomShown(canvasElement)).toBe(byHand)
    await expect(args.onPanelsChange).toHaveBeenLastCalledWith({ layers: true, properties: false })
  },
}

export const PanelsFolded: Story = {
  name: 'Opened with the layers panel folded away (the host remembered it)',
  args: { panels: { layers: false } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.queryByRole('navigation', { name: 'Layers' })).toBeNull()
    await expect(canvas.getByRole('button', { name: 'Show the layers panel' })).toHaveAttribute(
      'aria-pressed',
      'false',
    )
    await expect(canvas.getByRole('complementary', { name: /Properties/ })).toBeVisible()
  },
}

export const ReadOnly: Story = {
  name: 'Read-only (a phone, a catalogue template)',
  args: { readOnly: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('status')).toHaveTextContent(/read-only/)
    const el = layer(canvasElement, firstTextLayer)
    const x = left(el)
    el.focus()
    await waitFor(() => expect(el).toHaveAttribute('aria-pressed', 'true'))
    await userEvent.keyboard('{ArrowRight}')
    await expect(left(el)).toBe(x)
  },
}

/** A small PNG drawn here, as a file a designer picks. */
const pngFile = async (name: string, colour: string) => {
  const c = new OffscreenCanvas(40, 20)
  const ctx = c.getContext('2d')
  if (!ctx) throw new Error('no 2d context')
  ctx.fillStyle = colour
  ctx.fillRect(0, 0, 40, 20)
  return new File([await c.convertToBlob({ type: 'image/png' })], name, { type: 'image/png' })
}
const fileInput = (canvasElement: HTMLElement) => {
  const el = canvasElement.querySelector<HTMLInputElement>('[data-slot=fixed-image-file]')
  if (!el) throw new Error('no file input')
  return el
}

export const FixedImage: Story = {
  name: 'Place a fixed image (a logo): checked, uploaded, drawn, one undo step',
  args: { uploadImage: async () => '42' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const body = within(canvasElement.ownerDocument.body)
    await userEvent.click(canvas.getByRole('button', { name: 'Add' }))
    await expect(await body.findByRole('menuitem', { name: 'Fixed image (a logo)…' })).toBeVisible()
    await userEvent.keyboard('{Escape}')
    // A file of another type is refused beside the tools, saying what to do.
    const gif = new File(['GIF89a'], 'logo.gif', { type: 'image/gif' })
    fireEvent.change(fileInput(canvasElement), { target: { files: [gif] } })
    await expect(await canvas.findByRole('alert')).toHaveTextContent('not a PNG, JPEG or WebP image')
    fireEvent.change(fileInput(canvasElement), { target: { files: [await pngFile('logo.png', '#ff0000')] } })
    const logo = await waitFor(() => layer(canvasElement, 'logo'))
    await expect(logo).toHaveAccessibleName('Logo')
    await expect(canvas.queryByRole('alert')).toBeNull()
    // Drawn on the canvas: the middle of the logo's box is red.
    const surface = canvasElement.querySelector<HTMLCanvasElement>('[data-slot=designer-canvas] canvas')
    const box = logo.getBoundingClientRect()
    const r = surface?.getBoundingClientRect()
    if (!surface || !r) throw new Error('no canvas')
    const ratio = surface.width / r.width
    await waitFor(() => {
      const px = surface
        .getContext('2d')
        ?.getImageData(
          Math.round((box.left + box.width / 2 - r.left) * ratio),
          Math.round((box.top + box.height / 2 - r.top) * ratio),
          1,
          1,
        ).data
      expect([...(px ?? [])]).toEqual([255, 0, 0, 255])
    })
    await expect(canvasElement.querySelector('[data-slot=fixed-image-note]')).not.toBeNull()
    await userEvent.click(canvas.getByRole('button', { name: 'Undo' }))
    await waitFor(() => expect(canvasElement.querySelector('[data-layer="logo"]')).toBeNull())
  },
}

export const FixedImageRefused: Story = {
  name: 'A fixed image the host refuses: its reason is shown',
  args: {
    uploadImage: async () => {
      throw new Error('Your plan’s storage is full; delete uploads you no longer need')
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    fireEvent.change(fileInput(canvasElement), { target: { files: [await pngFile('logo.png', '#00ff00')] } })
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'The image could not be uploaded: Your plan’s storage is full',
    )
    await expect(canvasElement.querySelector('[data-layer="logo"]')).toBeNull()
  },
}

export const SelectAllAndDelete: Story = {
  name: 'Select all and delete: a blank page, and undo brings the layers back',
  // An interaction: the blank page's look is the canvas's and the panel's line, shot in no other state.
  tags: ['no-visual'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    layer(canvasElement, firstTextLayer).focus()
    await userEvent.keyboard('{Control>}a{/Control}')
    await userEvent.keyboard('{Delete}')
    await waitFor(() => expect(canvasElement.querySelectorAll('[data-layer]')).toHaveLength(0))
    await expect(canvas.getByText(/This page is blank/)).toBeVisible()
    await userEvent.keyboard('{Control>}z{/Control}')
    await waitFor(() =>
      expect(canvasElement.querySelectorAll('[data-layer]')).toHaveLength(
        document.layers.filter((l) => !l.hidden && !l.locked).length,
      ),
    )
    await expect(canvas.queryByText(/This page is blank/)).toBeNull()
  },
}

export const AddThenNudge: Story = {
  name: 'Add a text: it takes the focus, so the arrow keys move it at once',
  tags: ['no-visual'],
  play: async ({ canvasElement }) => {
    const added = await addText(canvasElement)
    await expect(added).toHaveAttribute('aria-pressed', 'true')
    const x = left(added)
    await userEvent.keyboard('{ArrowRight}')
    // Zoom 0.5: one template pixel is half a CSS pixel.
    await waitFor(() => expect(left(added)).toBeCloseTo(x + 0.5))
  },
}

export const MobileStacked: Story = {
  name: 'Mobile: read-only, the panels stacked under the canvas',
  args: { readOnly: true, zoom: 'fit-width' },
  globals: phoneViewport,
  play: async ({ canvasElement }) => {
    const designer = canvasElement.querySelector('[data-slot="designer"]')
    await waitFor(() => expect(designer).toHaveAttribute('data-layout', 'stacked'))
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('status')).toHaveTextContent(/read-only/)
    // The canvas fits the column: nothing of the design is cut off at the right.
    const frame = canvasElement.querySelector('[data-slot="designer-canvas"]')?.getBoundingClientRect()
    await expect(frame?.right ?? Number.POSITIVE_INFINITY).toBeLessThanOrEqual(
      (designer?.getBoundingClientRect().right ?? 0) + 1,
    )
  },
}

export const ManageSizes: Story = {
  name: 'Sizes: add one of the designer’s own pixels, remove it; a side out of bounds is refused',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const body = within(canvasElement.ownerDocument.body)
    await userEvent.click(canvas.getByRole('button', { name: 'Sizes' }))
    const dialog = await body.findByRole('dialog', { name: 'Sizes' })
    const sizes = within(dialog).getByRole('list', { name: 'Sizes' })
    await expect(within(sizes).getAllByRole('listitem')).toHaveLength(document.sizes.length)
    // Story is in the design already: the presets offered are the others.
    const form = within(within(dialog).getByRole('form', { name: 'Add a size' }))
    const add = form.getByRole('combobox', { name: 'Add a size' })
    await expect(within(add).queryByRole('option', { name: /^Story/ })).toBeNull()
    await userEvent.selectOptions(add, 'custom')
    const width = form.getByRole('textbox', { name: 'Width' })
    await userEvent.clear(width)
    await userEvent.type(width, '1500')
    const height = form.getByRole('textbox', { name: 'Height' })
    await userEvent.clear(height)
    await userEvent.type(height, '500')
    await userEvent.click(form.getByRole('button', { name: 'Add size' }))
    // The new size is shown at once, laid out from the first (behind the dialog, hidden from its reader).
    const shown = canvas.getByRole('combobox', { name: 'Size', hidden: true })
    await waitFor(() => expect(shown).toHaveValue('custom'))
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove 1500 × 500 px' }))
    await waitFor(() => expect(within(sizes).getAllByRole('listitem')).toHaveLength(document.sizes.length))
    await expect(shown).toHaveValue(document.sizes[0]?.id)
    await userEvent.clear(width)
    await userEvent.type(width, '5')
    await userEvent.click(form.getByRole('button', { name: 'Add size' }))
    await expect(form.getByText('Enter a whole number of pixels from 16 to 4096.')).toBeVisible()
    await expect(width).toHaveAttribute('aria-invalid', 'true')
  },
}

export const CopyAndPaste: Story = {
  name: 'Copy and paste a layer with the keyboard; cut takes it away',
  tags: ['no-visual'],
  play: async ({ canvasElement }) => {
    const count = () => canvasElement.querySelectorAll('[data-layer]').length
    const before = count()
    layer(canvasElement, firstTextLayer).focus()
    await userEvent.keyboard('{Control>}c{/Control}')
    await userEvent.keyboard('{Control>}v{/Control}')
    await waitFor(() => expect(count()).toBe(before + 1))
    // The copy lies 10 px (5 CSS px at zoom 0.5) off the original, selected.
    const copy = layer(canvasElement, `${firstTextLayer}-2`)
    await expect(copy).toHaveAttribute('aria-pressed', 'true')
    await expect(left(copy)).toBeCloseTo(left(layer(canvasElement, firstTextLayer)) + 5)
    copy.focus()
    await userEvent.keyboard('{Control>}x{/Control}')
    await waitFor(() => expect(count()).toBe(before))
    await userEvent.keyboard('{Control>}v{/Control}')
    await waitFor(() => expect(count()).toBe(before + 1))
  },
}

export const EditTextOnCanvas: Story = {
  name: 'Edit a text on the canvas: Enter opens it, Ctrl+Enter keeps the words, Escape drops them',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const added = await addText(canvasElement)
    await userEvent.keyboard('{Enter}')
    const editor = await canvas.findByRole('textbox', { name: 'Words of Text' })
    await expect(editor).toHaveFocus()
    await userEvent.keyboard('{Control>}a{/Control}Hello there')
    await userEvent.keyboard('{Control>}{Enter}{/Control}')
    await waitFor(() => expect(canvasElement.querySelector('[data-slot="text-editor"]')).toBeNull())
    await expect(canvas.getByRole('textbox', { name: 'Text' })).toHaveValue('Hello there')
    await expect(added).toHaveFocus()
    // Escape drops what was typed.
    await userEvent.dblClick(added)
    await userEvent.keyboard('{Control>}a{/Control}Thrown away{Escape}')
    await waitFor(() => expect(canvasElement.querySelector('[data-slot="text-editor"]')).toBeNull())
    await expect(canvas.getByRole('textbox', { name: 'Text' })).toHaveValue('Hello there')
    // The last state shot: the editor open over the text.
    await userEvent.keyboard('{Enter}')
    await expect(
      await canvas.findByRole('textbox', { name: added.getAttribute('aria-label') ?? '' }),
    ).toHaveValue('Hello there')
  },
}

export const ColourWordsOnCanvas: Story = {
  name: 'Colour, bold and italics for the selected words on the canvas, each from the keyboard too',
  args: { palette: ['#e4572e', '#1d2b53'] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const added = await addText(canvasElement)
    await userEvent.keyboard('{Enter}')
    const editor = await canvas.findByRole<HTMLTextAreaElement>('textbox', { name: 'Words of Text' })
    await userEvent.keyboard('{Control>}a{/Control}Big sale now')
    const tools = canvas.getByRole('toolbar', { name: 'Selected words' })
    // A brand colour on "sale": the press keeps the words focused and "sale" selected.
    editor.setSelectionRange(4, 8)
    await userEvent.click(within(tools).getByRole('button', { name: 'Colour the selected words #e4572e' }))
    await expect(editor).toHaveValue('Big [#e4572e]sale[/] now')
    await expect(editor).toHaveFocus()
    await expect(editor.value.slice(editor.selectionStart, editor.selectionEnd)).toBe('sale')
    // Ctrl+B and Ctrl+I on the same words, inside the run.
    await userEvent.keyboard('{Control>}b{/Control}')
    await expect(editor).toHaveValue('Big [#e4572e]**sale**[/] now')
    await userEvent.keyboard('{Control>}i{/Control}{Control>}i{/Control}')
    await expect(editor).toHaveValue('Big [#e4572e]**sale**[/] now')
    // The colour now used by the text is offered again beside the brand's once kept; from the keyboard, Tab
    // reaches the tools and the words stay open: the text's colour back, then the navy brand colour.
    await userEvent.tab()
    await expect(within(tools).getByRole('button', { name: 'Bold (Ctrl+B)' })).toHaveFocus()
    within(tools).getByRole('button', { name: 'Text colour for the selected words' }).focus()
    await userEvent.keyboard('{Enter}')
    await expect(editor).toHaveValue('Big **sale** now')
    within(tools).getByRole('button', { name: 'Colour the selected words #1d2b53' }).focus()
    await userEvent.keyboard(' ')
    await expect(editor).toHaveValue('Big [#1d2b53]**sale**[/] now')
    await expect(editor).toHaveFocus()
    await userEvent.keyboard('{Control>}{Enter}{/Control}')
    await waitFor(() => expect(canvasElement.querySelector('[data-slot="text-editor"]')).toBeNull())
    const box = canvas.getByRole<HTMLTextAreaElement>('textbox', { name: 'Text' })
    await expect(box).toHaveValue('Big [#1d2b53]**sale**[/] now')
    // The whole edit is one undo step.
    await expect(added).toHaveFocus()
    await userEvent.keyboard('{Control>}z{/Control}')
    await waitFor(() => expect(box.value).not.toMatch(/sale/))
    await userEvent.keyboard('{Control>}{Shift>}z{/Shift}{/Control}')
    await waitFor(() => expect(box).toHaveValue('Big [#1d2b53]**sale**[/] now'))
    added.focus()
    // The last state shot: the words open with their tools, the run's colour offered beside the brand's.
    await userEvent.keyboard('{Enter}')
    const again = await canvas.findByRole('toolbar', { name: 'Selected words' })
    await expect(within(again).getByRole('group', { name: 'Colours of the design' })).toBeInTheDocument()
  },
}

export const ColourWordsInProperties: Story = {
  name: 'Colour and italics for the selected words in the properties’ text box, each use one undo step',
  args: { palette: ['#e4572e', '#1d2b53'] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await addText(canvasElement)
    const box = canvas.getByRole<HTMLTextAreaElement>('textbox', { name: 'Text' })
    await userEvent.clear(box)
    await userEvent.type(box, 'Big sale now')
    const tools = canvas.getByRole('toolbar', { name: 'Selected words: Text' })
    box.setSelectionRange(0, 3)
    await userEvent.click(within(tools).getByRole('button', { name: 'Colour the selected words #e4572e' }))
    await expect(box).toHaveValue('[#e4572e]Big[/] sale now')
    await expect(box).toHaveFocus()
    await expect(box.value.slice(box.selectionStart, box.selectionEnd)).toBe('Big')
    await userEvent.keyboard('{Control>}i{/Control}')
    await expect(box).toHaveValue('[#e4572e]*Big*[/] sale now')
    await userEvent.click(canvas.getByRole('button', { name: 'Undo' }))
    await waitFor(() => expect(box).toHaveValue('[#e4572e]Big[/] sale now'))
    await userEvent.click(canvas.getByRole('button', { name: 'Undo' }))
    await waitFor(() => expect(box).toHaveValue('Big sale now'))
  },
}
