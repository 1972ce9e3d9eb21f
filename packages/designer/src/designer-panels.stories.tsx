import type { Meta, StoryObj } from '@storybook/react-vite'
import { DOCUMENT_FORMAT, parseTemplate, type Template } from '@templet/template'
import { expect, fireEvent, fn, userEvent, waitFor, within } from 'storybook/test'
import { Designer } from './designer'
import { layerButton, sampleDocument } from './story-helpers'

const meta = {
  title: 'Designer/Panels',
  component: Designer,
  args: {
    document: sampleDocument,
    zoom: 0.4,
    previews: false,
    palette: ['#14213d', '#f4a259', '#1f3b2d', '#f5efe6'],
    onChange: fn(),
  },
  parameters: { layout: 'padded' },
} satisfies Meta<typeof Designer>

export default meta
type Story = StoryObj<typeof meta>

/** The last document the designer handed out. */
const lastDocument = (onChange: unknown) => {
  const calls = (onChange as ReturnType<typeof fn>).mock.calls
  return calls.at(-1)?.[0] as Template
}
const layerIn = (t: Template, id: string) => t.layers.find((l) => l.id === id)

export const LayersPanelKeyboard: Story = {
  name: 'Layers panel: select, rename (F2), reorder (Alt+arrows), all by keyboard',
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    const layers = within(canvas.getByRole('navigation', { name: 'Layers' }))
    const badge = layers.getByRole('button', { name: 'Badge' })
    badge.focus()
    await userEvent.keyboard('{Enter}')
    await waitFor(() => expect(badge).toHaveAttribute('aria-pressed', 'true'))
    await userEvent.keyboard('{F2}')
    const input = await layers.findByRole('textbox', { name: 'Rename: Badge' })
    await userEvent.clear(input)
    await userEvent.type(input, 'Sale sticker{Enter}')
    await waitFor(() => expect(layers.getByRole('button', { name: 'Sale sticker' })).toBeVisible())
    await expect(layerIn(lastDocument(args.onChange), 'badge')?.name).toBe('Sale sticker')
    layers.getByRole('button', { name: 'Sale sticker' }).focus()
    await userEvent.keyboard('{Alt>}{ArrowUp}{/Alt}')
    await waitFor(() =>
      expect(
        lastDocument(args.onChange)
          .layers.map((l) => l.id)
          .indexOf('badge'),
      ).toBe(5),
    )
    await userEvent.click(layers.getByRole('button', { name: 'Move down: Sale sticker' }))
    await waitFor(() =>
      expect(
        lastDocument(args.onChange)
          .layers.map((l) => l.id)
          .indexOf('badge'),
      ).toBe(4),
    )
    // Shift+Enter adds a layer to the selection: the keyboard's Shift-click and marquee.
    layers.getByRole('button', { name: 'Rule' }).focus()
    await userEvent.keyboard('{Shift>}{Enter}{/Shift}')
    await waitFor(() => expect(canvas.getByText('2 layers selected')).toBeVisible())
  },
}

export const TextProperties: Story = {
  name: 'Properties of a text layer: font, weight, size (one undo step), colour from the palette, shrink to fit',
  args: {
    fonts: [
      { family: 'sans', label: 'Inter', weights: [400, 700, 800], styles: ['normal', 'italic'] },
      { family: 'grotesk', label: 'Space Grotesk', weights: [400, 700], styles: ['normal'] },
    ],
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await userEvent.click(layerButton(canvasElement, 'headline'))
    await expect(canvas.getByRole('heading', { name: 'Properties: Headline' })).toBeVisible()
    await userEvent.selectOptions(canvas.getByLabelText('Font'), 'Space Grotesk')
    await waitFor(() =>
      expect(layerIn(lastDocument(args.onChange), 'headline')).toMatchObject({
        font: 'grotesk',
        weight: 700,
      }),
    )
    await expect(canvas.getByRole('checkbox', { name: 'Italic' })).toBeDisabled()
    const size = canvas.getByLabelText('Font size')
    await userEvent.clear(size)
    await userEvent.type(size, '72')
    await waitFor(() => expect(layerIn(lastDocument(args.onChange), 'headline')).toMatchObject({ size: 72 }))
    // Typing "72" is one step: one undo brings back 56.
    await userEvent.click(canvas.getByRole('button', { name: 'Undo' }))
    await waitFor(() => expect(layerIn(lastDocument(args.onChange), 'headline')).toMatchObject({ size: 56 }))
    await userEvent.click(canvas.getByRole('button', { name: 'Redo' }))
    await userEvent.click(canvas.getByRole('button', { name: '#f4a259' }))
    await waitFor(() =>
      expect(layerIn(lastDocument(args.onChange), 'headline')).toMatchObject({ color: '#f4a259' }),
    )
    await expect(canvas.getByRole('checkbox', { name: 'Shrink to fit' })).toBeChecked()
    await userEvent.clear(canvas.getByLabelText('Max lines'))
    await userEvent.type(canvas.getByLabelText('Max lines'), '2')
    await waitFor(() =>
      expect(layerIn(lastDocument(args.onChange), 'headline')).toMatchObject({ maxLines: 2 }),
    )
  },
}

export const TextEffects: Story = {
  name: 'Properties of a text: outline and shadow',
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await userEvent.click(layerButton(canvasElement, 'headline'))
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Outline' }))
    const width = await canvas.findByLabelText('Outline width')
    await userEvent.clear(width)
    await userEvent.type(width, '4')
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Shadow' }))
    const blur = await canvas.findByLabelText('Shadow blur')
    await userEvent.clear(blur)
    await userEvent.type(blur, '10')
    await waitFor(() =>
      expect(layerIn(lastDocument(args.onChange), 'headline')).toMatchObject({
        // The headline is white: its outline starts black.
        outline: { color: '#000000', width: 4 },
        shadow: { color: '#00000059', x: 0, blur: 10 },
      }),
    )
  },
}

export const JustifyAndFigures: Story = {
  name: 'Properties of a text: justify, tabular and old-style figures, small caps and ligatures, by keyboard, left out of the document at their defaults',
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await userEvent.click(layerButton(canvasElement, 'headline'))
    const justify = canvas.getByRole('checkbox', { name: 'Justify' })
    const tabular = canvas.getByRole('checkbox', { name: 'Tabular figures' })
    const oldstyle = canvas.getByRole('checkbox', { name: 'Old-style figures' })
    const smallCaps = canvas.getByRole('checkbox', { name: 'Small caps' })
    const ligatures = canvas.getByRole('checkbox', { name: 'Ligatures' })
    await expect(justify).not.toBeChecked()
    await expect(smallCaps).not.toBeChecked()
    // Ligatures are the faces' own until turned off.
    await expect(ligatures).toBeChecked()
    justify.focus()
    await userEvent.keyboard(' ')
    // Tab reaches the figures' switches next, in reading order.
    await userEvent.tab()
    await expect(tabular).toHaveFocus()
    await userEvent.keyboard(' ')
    await waitFor(() =>
      expect(layerIn(lastDocument(args.onChange), 'headline')).toMatchObject({
        justify: true,
        tabularFigures: true,
      }),
    )
    await expect(layerIn(lastDocument(args.onChange), 'headline')).not.toHaveProperty('oldstyleFigures')
    await userEvent.tab()
    await expect(oldstyle).toHaveFocus()
    await userEvent.keyboard(' ')
    await waitFor(() =>
      expect(layerIn(lastDocument(args.onChange), 'headline')).toMatchObject({ oldstyleFigures: true }),
    )
    // Small caps and ligatures come next, beside the figures.
    await userEvent.tab()
    await expect(smallCaps).toHaveFocus()
    await userEvent.keyboard(' ')
    await userEvent.tab()
    await expect(ligatures).toHaveFocus()
    await userEvent.keyboard(' ')
    await waitFor(() =>
      expect(layerIn(lastDocument(args.onChange), 'headline')).toMatchObject({
        smallCaps: true,
        ligatures: false,
      }),
    )
    await expect(ligatures).not.toBeChecked()
    for (const box of [justify, tabular, oldstyle, smallCaps, ligatures]) {
      box.focus()
      await userEvent.keyboard(' ')
    }
    await waitFor(() => {
      const headline = layerIn(lastDocument(args.onChange), 'headline')
      for (const key of ['justify', 'tabularFigures', 'oldstyleFigures', 'smallCaps', 'ligatures'])
        expect(headline).not.toHaveProperty(key, expect.anything())
    })
    await expect(justify).not.toBeChecked()
    await expect(ligatures).toBeChecked()
  },
}

export const UnderlineAndSmartPunctuation: Story = {
  name: 'Properties of a text: underline, strikethrough and smart punctuation, by keyboard, left out of the document when off',
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await userEvent.click(layerButton(canvasElement, 'headline'))
    const underline = canvas.getByRole('checkbox', { name: 'Underline' })
    const strike = canvas.getByRole('checkbox', { name: 'Strikethrough' })
    const smart = canvas.getByRole('checkbox', { name: 'Smart punctuation' })
    await expect(underline).not.toBeChecked()
    underline.focus()
    await userEvent.keyboard(' ')
    // Tab reaches the strike and then smart punctuation, in reading order.
    await userEvent.tab()
    await expect(strike).toHaveFocus()
    await userEvent.tab()
    await expect(smart).toHaveFocus()
    await userEvent.keyboard(' ')
    await waitFor(() =>
      expect(layerIn(lastDocument(args.onChange), 'headline')).toMatchObject({
        underline: true,
        smartPunctuation: true,
      }),
    )
    await expect(layerIn(lastDocument(args.onChange), 'headline')).not.toHaveProperty('strikethrough')
    strike.focus()
    await userEvent.keyboard(' ')
    await waitFor(() =>
      expect(layerIn(lastDocument(args.onChange), 'headline')).toMatchObject({ strikethrough: true }),
    )
    for (const box of [underline, strike, smart]) {
      box.focus()
      await userEvent.keyboard(' ')
    }
    await waitFor(() => {
      const headline = layerIn(lastDocument(args.onChange), 'headline')
      for (const key of ['underline', 'strikethrough', 'smartPunctuation'])
        expect(headline).not.toHaveProperty(key, expect.anything())
    })
    await expect(smart).not.toBeChecked()
  },
}

export const KeepLinesClear: Story = {
  name: "Properties of a text: keep lines clear of each other's marks, by keyboard, one undo step",
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await userEvent.click(layerButton(canvasElement, 'headline'))
    const clear = canvas.getByRole('checkbox', { name: "Keep lines clear of each other's marks" })
    // A document saved before the switch existed keeps its lines exactly the line height apart.
    await expect(clear).not.toBeChecked()
    clear.focus()
    await userEvent.keyboard(' ')
    await waitFor(() => expect(clear).toBeChecked())
    await waitFor(() =>
      expect(layerIn(lastDocument(args.onChange), 'headline')).not.toHaveProperty(
        'lineSpacing',
        expect.anything(),
      ),
    )
    // One undo step brings the fixed spacing back.
    await userEvent.keyboard('{Control>}z{/Control}')
    await waitFor(() =>
      expect(layerIn(lastDocument(args.onChange), 'headline')).toMatchObject({ lineSpacing: 'fixed' }),
    )
    await expect(clear).not.toBeChecked()
    clear.focus()
    await userEvent.keyboard(' ')
    await waitFor(() => expect(clear).toBeChecked())
  },
}

export const KeepLinesClearInChinese: Story = {
  name: "Properties of a text in Chinese: keep lines clear of each other's marks, off again leaves them fixed",
  tags: ['no-visual'],
  args: {
    locale: 'zh-CN',
    // The sample as a document of the current format: its texts clear ink (no `lineSpacing`).
    document: parseTemplate({
      ...sampleDocument,
      format: DOCUMENT_FORMAT,
      layers: sampleDocument.layers.map((l) => (l.type === 'text' ? { ...l, lineSpacing: undefined } : l)),
    }),
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await userEvent.click(layerButton(canvasElement, 'headline'))
    // A text of the current format clears ink: the switch is on.
    const clear = canvas.getByRole('checkbox', { name: '上下行的标记互不重叠' })
    await expect(clear).toBeChecked()
    clear.focus()
    await userEvent.keyboard(' ')
    await waitFor(() =>
      expect(layerIn(lastDocument(args.onChange), 'headline')).toMatchObject({ lineSpacing: 'fixed' }),
    )
    await expect(clear).not.toBeChecked()
  },
}

export const EarlierTypesetting: Story = {
  name: "Properties of a text an earlier release saved: today's typesetting in one undo step; right-to-left paragraphs",
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await userEvent.click(layerButton(canvasElement, 'headline'))
    // The sample was saved before format 4: its texts keep that release's breaks, and right-to-left ones their side.
    await expect(canvas.getByText(/keeps the line breaks, spacing and italics/)).toBeVisible()
    const rtl = canvas.getByRole('combobox', { name: 'Right-to-left paragraphs' })
    await expect(rtl).toHaveValue('keep')
    await userEvent.click(canvas.getByRole('button', { name: "Use today's typesetting" }))
    await waitFor(() => {
      const headline = layerIn(lastDocument(args.onChange), 'headline')
      for (const key of ['lineBreaks', 'italicEveryScript', 'splitHeadlineBars'])
        expect(headline).not.toHaveProperty(key, expect.anything())
      // Lines exactly the line height apart were the designer's choice (the switch above), and stay so.
      expect(headline).toMatchObject({ lineSpacing: 'fixed', rtl: 'keep' })
    })
    await waitFor(() => expect(canvas.queryByText(/keeps the line breaks/)).toBeNull())
    // The button gone, the focus is on the control above it, not lost to the page.
    await expect(rtl).toHaveFocus()
    // One undo step brings the earlier breaks back, and the note with them.
    await userEvent.click(canvas.getByRole('button', { name: 'Undo' }))
    await waitFor(() =>
      expect(layerIn(lastDocument(args.onChange), 'headline')).toMatchObject({ lineBreaks: 'words' }),
    )
    await expect(canvas.getByText(/keeps the line breaks/)).toBeVisible()
    await userEvent.selectOptions(rtl, 'start')
    await waitFor(() =>
      expect(layerIn(lastDocument(args.onChange), 'headline')).toMatchObject({ rtl: 'start' }),
    )
  },
}

export const ShapeProperties: Story = {
  name: 'Properties of a shape: fill, gradient, radius, outline, shadow',
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await userEvent.click(layerButton(canvasElement, 'badge'))
    const shape = canvas.getByRole('combobox', { name: 'Shape' })
    await expect(shape).toHaveValue('ellipse')
    await userEvent.selectOptions(shape, 'rect')
    const radius = await canvas.findByLabelText('Corner radius')
    await userEvent.clear(radius)
    await userEvent.type(radius, '12')
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Gradient' }))
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Outline' }))
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Shadow' }))
    await waitFor(() =>
      expect(layerIn(lastDocument(args.onChange), 'badge')).toMatchObject({
        shape: 'rect',
        radius: 12,
        fill: { type: 'linear', angle: 180 },
        stroke: { color: '#111111', width: 2 },
        shadow: { blur: 12 },
      }),
    )
  },
}

export const ImageProperties: Story = {
  name: 'Properties of an image: fit, radius, placeholder, its field',
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await userEvent.click(layerButton(canvasElement, 'photo'))
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Fit' }), 'contain')
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Required' }))
    await waitFor(() => {
      const t = lastDocument(args.onChange)
      expect(layerIn(t, 'photo')).toMatchObject({ fit: 'contain' })
      expect(t.fields.find((f) => f.key === 'photo')).toMatchObject({ required: true })
    })
  },
}

export const ImageCropAndAdjust: Story = {
  name: 'Properties of an image: zoom (the crop) and adjustments, left out again at their neutral values',
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await userEvent.click(layerButton(canvasElement, 'photo'))
    const set = async (name: string, value: string) => {
      const input = canvas.getByRole('textbox', { name })
      await userEvent.clear(input)
      await userEvent.type(input, value)
      await userEvent.tab()
    }
    await set('Zoom (crop), %', '150')
    await set('Greyscale, %', '100')
    await set('Blur, px', '4')
    await waitFor(() =>
      expect(layerIn(lastDocument(args.onChange), 'photo')).toMatchObject({
        zoom: 1.5,
        adjust: { brightness: 100, contrast: 100, saturation: 100, grayscale: 100, blur: 4 },
      }),
    )
    await set('Greyscale, %', '0')
    await set('Blur, px', '0')
    await set('Zoom (crop), %', '100')
    await waitFor(() => {
      const photo = layerIn(lastDocument(args.onChange), 'photo')
      expect(photo).not.toHaveProperty('adjust', expect.anything())
      expect(photo).not.toHaveProperty('zoom', expect.anything())
    })
  },
}

export const Fields: Story = {
  name: 'Fields: a fixed text and a colour become what the customer fills, with labels and samples',
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    // Add a text, then make it a field.
    await userEvent.click(canvas.getByRole('button', { name: 'Add' }))
    await userEvent.click(
      await within(canvasElement.ownerDocument.body).findByRole('menuitem', { name: 'Text' }),
    )
    await userEvent.click(await canvas.findByRole('checkbox', { name: 'The customer fills this in: Text' }))
    const group = within(await canvas.findByRole('group', { name: 'Field text' }))
    await userEvent.clear(group.getByLabelText('Label (English)'))
    await userEvent.type(group.getByLabelText('Label (English)'), 'Tagline')
    await userEvent.clear(group.getByLabelText('Label (Chinese)'))
    await userEvent.type(group.getByLabelText('Label (Chinese)'), '标语')
    await userEvent.type(group.getByLabelText('Sample (Chinese)'), '新品上市')
    await waitFor(() => {
      const t = lastDocument(args.onChange)
      expect(t.fields.find((f) => f.key === 'text')).toMatchObject({
        kind: 'text',
        label: { en: 'Tagline', 'zh-CN': '标语' },
        default: 'Your text',
      })
      expect(t.samples['zh-CN'].text).toBe('新品上市')
      expect(layerIn(t, 'text')).toMatchObject({ text: '{{text}}' })
    })
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Colour: who sets it' }), 'color')
    await waitFor(() =>
      expect(layerIn(lastDocument(args.onChange), 'text')).toMatchObject({ color: { field: 'text_color' } }),
    )
    await expect(canvas.getByText('Colour: Set by the field “Text Colour”')).toBeVisible()
  },
}

export const ColumnNames: Story = {
  name: 'Column names: a field’s follows its label until typed, a taken or malformed one is refused with the reason',
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole('button', { name: 'Add' }))
    await userEvent.click(
      await within(canvasElement.ownerDocument.body).findByRole('menuitem', { name: 'Text' }),
    )
    await userEvent.click(await canvas.findByRole('checkbox', { name: 'The customer fills this in: Text' }))
    const group = within(await canvas.findByRole('group', { name: 'Field text' }))
    await userEvent.clear(group.getByLabelText('Label (English)'))
    await userEvent.type(group.getByLabelText('Label (English)'), 'Big Headline')
    const column = group.getByRole('textbox', { name: 'Column name' })
    await waitFor(() => expect(column).toHaveValue('big_headline'))
    // From the Chinese label, the keyboard reaches the column name next.
    group.getByLabelText('Label (Chinese)').focus()
    await userEvent.tab()
    await expect(column).toHaveFocus()
    await userEvent.clear(column)
    await expect(group.getByText('Give the field a column name.')).toBeVisible()
    await userEvent.type(column, 'Title')
    await expect(group.getByText(/Use lowercase letters, digits and _/)).toBeVisible()
    await userEvent.clear(column)
    await userEvent.type(column, 'name')
    await expect(group.getByText(/“name” is the column of each image’s name/)).toBeVisible()
    // The sample's headline field has that key: taken.
    await userEvent.clear(column)
    await userEvent.type(column, 'headline')
    await expect(group.getByText('Another field already has this column name.')).toBeVisible()
    await userEvent.clear(column)
    await userEvent.type(column, 'subtitle')
    await waitFor(() =>
      expect(lastDocument(args.onChange).fields.find((f) => f.key === 'text')).toMatchObject({
        column: 'subtitle',
      }),
    )
    // A typed name stays when the label changes.
    await userEvent.clear(group.getByLabelText('Label (English)'))
    await userEvent.type(group.getByLabelText('Label (English)'), 'Tagline')
    await expect(column).toHaveValue('subtitle')
  },
}

export const PreviewStates: Story = {
  name: 'Preview states beside the design: long text, Chinese, Arabic, missing image',
  args: { previews: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const previews = within(canvas.getByRole('region', { name: 'Preview' }))
    for (const name of ['Long text', 'Chinese', 'Arabic', 'Missing image'])
      await expect(previews.getByRole('img', { name })).toBeVisible()
    // Each preview is drawn: its pixels are not all one colour.
    await waitFor(() => {
      const c = previews.getByRole('img', { name: 'Long text' }) as HTMLCanvasElement
      const data = c.getContext('2d')?.getImageData(0, 0, c.width, c.height).data ?? new Uint8ClampedArray()
      expect(new Set(Array.from({ length: data.length / 4 }, (_, i) => data[i * 4])).size).toBeGreaterThan(2)
    })
  },
}

export const QrCode: Story = {
  name: 'A QR code layer: its link, colours, and the link as a field the customer fills',
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole('button', { name: 'Add' }))
    await userEvent.click(
      await within(canvasElement.ownerDocument.body).findByRole('menuitem', { name: 'QR code' }),
    )
    await waitFor(() => expect(layerButton(canvasElement, 'qr')).toHaveAttribute('aria-pressed', 'true'))
    const link = canvas.getByLabelText('Link or text encoded')
    await userEvent.clear(link)
    await userEvent.type(link, 'https://templet.example/launch')
    await userEvent.selectOptions(canvas.getByLabelText('Error correction'), 'H')
    await waitFor(() =>
      expect(layerIn(lastDocument(args.onChange), 'qr')).toMatchObject({
        type: 'qr',
        data: 'https://templet.example/launch',
        ecc: 'H',
      }),
    )
    await userEvent.click(
      canvas.getByRole('checkbox', { name: 'The customer fills this in: Link or text encoded' }),
    )
    await waitFor(() => {
      const t = lastDocument(args.onChange)
      expect(layerIn(t, 'qr')).toMatchObject({ data: '{{qr}}' })
      expect(t.fields.find((f) => f.key === 'qr')).toMatchObject({
        default: 'https://templet.example/launch',
      })
    })
  },
}

export const ChoiceField: Story = {
  name: 'Fields: a fill becomes a choice of named options, each with its colour',
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await userEvent.click(layerButton(canvasElement, 'badge'))
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Fill: who sets it' }), 'choice')
    const second = within(await canvas.findByRole('group', { name: 'Option 2' }))
    await userEvent.clear(second.getByLabelText('Option 2: Label (English)'))
    await userEvent.type(second.getByLabelText('Option 2: Label (English)'), 'Night')
    await userEvent.click(canvas.getByRole('button', { name: 'Add an option' }))
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Default option' }), 'option3')
    await waitFor(() => {
      const t = lastDocument(args.onChange)
      expect(t.fields.find((f) => f.key === 'badge_fill')).toMatchObject({
        kind: 'choice',
        default: 'option3',
        options: [{ value: 'option1' }, { value: 'option2', label: { en: 'Night' } }, { value: 'option3' }],
      })
      expect(layerIn(t, 'badge')).toMatchObject({
        fill: { field: 'badge_fill', map: { option1: '#f4a259', option2: '#111111', option3: '#f4a259' } },
      })
    })
    await userEvent.click(canvas.getByRole('button', { name: 'Remove option 1' }))
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Fill: who sets it' }), 'design')
    await waitFor(() =>
      expect(layerIn(lastDocument(args.onChange), 'badge')).toMatchObject({ fill: '#f4a259' }),
    )
    await expect(lastDocument(args.onChange).fields.find((f) => f.key === 'badge_fill')).toBeUndefined()
  },
}

export const LayersPanelDrag: Story = {
  name: 'Layers panel: drag a layer by its grip to another place; announced; one undo step',
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    const order = () =>
      lastDocument(args.onChange)?.layers.map((l) => l.id) ?? sampleDocument.layers.map((l) => l.id)
    const grip = canvasElement.querySelector<HTMLElement>('[data-layer-grip="headline"]')
    const rows = [...canvasElement.querySelectorAll<HTMLElement>('[data-layer-row]')]
    const top = rows[0]?.getBoundingClientRect()
    if (!grip || !top) throw new Error('no grip or rows')
    const g = grip.getBoundingClientRect()
    const at = { clientX: g.left + 4, clientY: g.top + 4, pointerId: 1, button: 0 }
    fireEvent.pointerDown(grip, at)
    fireEvent.pointerMove(grip, { ...at, clientY: top.top + 2 })
    // The line shows where it lands: above the first row.
    await waitFor(() => expect(rows[0]?.style.boxShadow).toContain('0px -2px 0px'))
    fireEvent.pointerUp(grip, { ...at, clientY: top.top + 2 })
    await waitFor(() => expect(order().at(-1)).toBe('headline'))
    await expect(canvasElement.querySelector('[data-slot=layers-announcement]')).toHaveTextContent(
      'Headline moved to position 1 of 7',
    )
    await userEvent.click(canvas.getByRole('button', { name: 'Undo' }))
    await waitFor(() => expect(order()).toEqual(sampleDocument.layers.map((l) => l.id)))
    // From the keyboard: Alt+ArrowDown on a layer moves it one place down, and says so.
    const layers = within(canvas.getByRole('navigation', { name: 'Layers' }))
    layers.getByRole('button', { name: 'Headline' }).focus()
    await userEvent.keyboard('{Alt>}{ArrowDown}{/Alt}')
    await waitFor(() =>
      expect(order().indexOf('headline')).toBe(
        sampleDocument.layers.findIndex((l) => l.id === 'headline') - 1,
      ),
    )
    await expect(canvasElement.querySelector('[data-slot=layers-announcement]')).toHaveTextContent(
      /Headline moved to position \d of 7/,
    )
  },
}

export const WeightChoice: Story = {
  name: 'Fields: a text’s weight becomes a choice of named options, each with its weight',
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await userEvent.click(layerButton(canvasElement, 'headline'))
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Weight: who sets it' }), 'choice')
    await waitFor(() =>
      expect(layerIn(lastDocument(args.onChange), 'headline')).toMatchObject({
        weight: { field: 'headline_weight' },
      }),
    )
    // The weight menu of the properties gives way to the options' own.
    await expect(canvas.queryByRole('combobox', { name: 'Weight' })).toBeNull()
    await userEvent.clear(canvas.getByRole('textbox', { name: 'Option 2: Label (English)' }))
    await userEvent.type(canvas.getByRole('textbox', { name: 'Option 2: Label (English)' }), 'Light')
    // Each weight named as the properties' weight menu names it.
    const optionWeight = canvas.getByRole('combobox', { name: 'Option 2: Weight' })
    await expect(within(optionWeight).getByRole('option', { name: '400 Regular' })).toBeInTheDocument()
    await userEvent.selectOptions(optionWeight, '400')
    await waitFor(() => {
      const t = lastDocument(args.onChange)
      expect(t.fields.find((f) => f.key === 'headline_weight')).toMatchObject({
        kind: 'choice',
        options: [{ value: 'option1' }, { value: 'option2', label: { en: 'Light' } }],
      })
      expect(layerIn(t, 'headline')).toMatchObject({ weight: { map: { option2: 400 } } })
    })
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Weight: who sets it' }), 'design')
    await waitFor(() =>
      expect(typeof (layerIn(lastDocument(args.onChange), 'headline') as { weight: unknown }).weight).toBe(
        'number',
      ),
    )
  },
}

export const VerticalAlignment: Story = {
  name: 'Text: vertical alignment, fixed or a choice of named options',
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await userEvent.click(layerButton(canvasElement, 'headline'))
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Vertical alignment' }), 'bottom')
    await waitFor(() =>
      expect(layerIn(lastDocument(args.onChange), 'headline')).toMatchObject({ valign: 'bottom' }),
    )
    await userEvent.selectOptions(
      canvas.getByRole('combobox', { name: 'Vertical alignment: who sets it' }),
      'choice',
    )
    await waitFor(() =>
      expect(layerIn(lastDocument(args.onChange), 'headline')).toMatchObject({
        valign: { field: 'headline_valign', map: { option1: 'bottom', option2: 'top' } },
      }),
    )
    await expect(canvas.queryByRole('combobox', { name: 'Vertical alignment' })).toBeNull()
    await userEvent.selectOptions(
      canvas.getByRole('combobox', { name: 'Option 2: Vertical alignment' }),
      'middle',
    )
    await waitFor(() =>
      expect(layerIn(lastDocument(args.onChange), 'headline')).toMatchObject({
        valign: { map: { option2: 'middle' } },
      }),
    )
  },
}

/** The sample with a fixed image (a logo) of the author's, upload 17. */
const withLogo: Template = parseTemplate({
  ...sampleDocument,
  layers: [
    ...sampleDocument.layers,
    {
      id: 'logo',
      name: 'Logo',
      type: 'image',
      src: '17',
      fit: 'contain',
      box: { x: 480, y: 480, w: 160, h: 160 },
    },
  ],
})

export const ImageFromSet: Story = {
  name: 'Fields: a fixed image becomes a choice among the author’s images, one uploaded per option',
  args: {
    document: withLogo,
    uploadImage: fn(async () => '18'),
    loadImage: fn(async () => undefined),
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await userEvent.click(layerButton(canvasElement, 'logo'))
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Image: who sets it' }), 'choice')
    await waitFor(() =>
      expect(layerIn(lastDocument(args.onChange), 'logo')).toMatchObject({
        src: { field: 'logo_src', map: { option1: '17', option2: '17' } },
      }),
    )
    await expect(canvas.getByRole('img', { name: 'Option 2: image' })).toBeVisible()
    const choose = canvas.getByRole('button', { name: 'Choose the image of option 2' })
    await userEvent.click(choose)
    const input = canvasElement.querySelector('[data-slot=option-image-file]') as HTMLInputElement
    const png = await (
      await fetch(
        'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
      )
    ).blob()
    await userEvent.upload(input, new File([png], 'dark.png', { type: 'image/png' }))
    await waitFor(() =>
      expect(layerIn(lastDocument(args.onChange), 'logo')).toMatchObject({
        src: { map: { option1: '17', option2: '18' } },
      }),
    )
    await userEvent.clear(canvas.getByRole('textbox', { name: 'Option 2: Label (English)' }))
    await userEvent.type(canvas.getByRole('textbox', { name: 'Option 2: Label (English)' }), 'Dark')
    await waitFor(() =>
      expect(lastDocument(args.onChange).fields.find((f) => f.key === 'logo_src')).toMatchObject({
        options: [{ value: 'option1' }, { value: 'option2', label: { en: 'Dark' } }],
      }),
    )
  },
}

export const TextFromList: Story = {
  name: 'Fields: a text the customer picks from the author’s list, in English and Chinese',
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    // A hidden layer: selected in the layers panel.
    await userEvent.click(
      within(canvas.getByRole('navigation', { name: 'Layers' })).getByRole('button', { name: 'Note' }),
    )
    const list = canvas.getByRole('checkbox', { name: 'The customer picks this text from a list' })
    list.focus()
    await userEvent.keyboard(' ')
    await waitFor(() => {
      const t = lastDocument(args.onChange)
      expect(layerIn(t, 'note')).toMatchObject({ text: '{{note}}' })
      expect(t.fields.find((f) => f.key === 'note')).toMatchObject({
        kind: 'choice',
        options: [{ label: { en: 'Hidden note' } }, { value: 'option2' }],
      })
    })
    const zh = canvas.getByRole('textbox', { name: 'Option 2: text (Chinese)' })
    await userEvent.clear(zh)
    await userEvent.type(zh, '教授')
    await waitFor(() =>
      expect(lastDocument(args.onChange).fields.find((f) => f.key === 'note')).toMatchObject({
        options: [{}, { label: { 'zh-CN': '教授' } }],
      }),
    )
    await userEvent.click(list)
    await waitFor(() =>
      expect(layerIn(lastDocument(args.onChange), 'note')).toMatchObject({ text: 'Hidden note' }),
    )
  },
}

export const ColourTypedWrongInChinese: Story = {
  name: 'A colour typed wrong is refused in the designer’s language (Chinese)',
  tags: ['no-visual'],
  args: { locale: 'zh-CN' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await userEvent.click(layerButton(canvasElement, 'headline'))
    const hex = await canvas.findByRole('textbox', { name: '颜色' })
    const before = lastDocument(args.onChange)
    await userEvent.clear(hex)
    await userEvent.type(hex, '#12')
    await userEvent.tab()
    await waitFor(() =>
      expect(canvas.getByText('请输入 # 加六位十六进制数字的颜色，例如 #1d4ed8。')).toBeVisible(),
    )
    await expect(hex).toHaveAttribute('aria-invalid', 'true')
    // Nothing of what was typed reached the document.
    await expect(lastDocument(args.onChange)).toBe(before)
  },
}
