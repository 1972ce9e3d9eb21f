import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { expect, fn, userEvent, within } from 'storybook/test'
import { formColumn, phoneViewport } from '../demo/story-parts'
import { ColorPicker, type ColorPickerProps } from './color-picker'

const brand = [
  { value: '#1d4ed8', name: 'Brand blue' },
  { value: '#f4a259', name: 'Sand' },
  { value: '#e11d48', name: 'Rose' },
  { value: '#111827', name: 'Ink' },
]

/** Holds the colour the way an app does, so the stories show what a change does to the field. */
function ControlledColorPicker({ value: initial, onChange, ...props }: ColorPickerProps) {
  const [value, setValue] = useState(initial)
  return (
    <ColorPicker
      {...props}
      value={value}
      onChange={(next, source) => {
        setValue(next)
        onChange(next, source)
      }}
    />
  )
}

const meta = {
  title: 'Forms/Color Picker',
  component: ColorPicker,
  args: { label: 'Fill', value: '#1d4ed8', onChange: fn() },
  render: (args) => <ControlledColorPicker {...args} />,
  decorators: [formColumn],
} satisfies Meta<typeof ColorPicker>

export default meta
type Story = StoryObj<typeof meta>

const code = (canvasElement: HTMLElement, name = 'Fill') =>
  within(canvasElement).getByRole<HTMLInputElement>('textbox', { name })

/**
 * Deletes the code key by key from its end and types `text`, as a person replacing it does. A whole code is
 * applied and shown back in lower case.
 */
async function retype(field: HTMLInputElement, text: string) {
  await userEvent.click(field)
  await userEvent.keyboard(`{End}{Backspace>${field.value.length}/}${text}`)
  await expect(field).toHaveValue(text.toLowerCase())
}

/** A typed code is applied once it is a whole `#rrggbb`, in lower case; the browser's picker follows. */
export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const field = code(canvasElement)
    await retype(field, '#F4A259')
    await expect(args.onChange).toHaveBeenCalledOnce()
    await expect(args.onChange).toHaveBeenCalledWith('#f4a259', 'text')
    const picker = canvasElement.querySelector('input[type="color"]') as HTMLInputElement
    await expect(picker).toHaveValue('#f4a259')
    await expect(picker).toHaveAccessibleName('Fill')
  },
}

/** With the brand's swatches: each is a button named by its colour, pressed while it is the value. */
export const Filled: Story = {
  args: { palette: brand, paletteLabel: 'Brand colours' },
  play: async ({ canvasElement, args }) => {
    const palette = within(canvasElement).getByRole('group', { name: 'Fill: Brand colours' })
    await expect(within(palette).getByRole('button', { name: 'Brand blue' })).toHaveAttribute(
      'aria-pressed',
      'true',
    )
    await userEvent.click(within(palette).getByRole('button', { name: 'Rose' }))
    await expect(args.onChange).toHaveBeenCalledOnce()
    await expect(args.onChange).toHaveBeenCalledWith('#e11d48', 'swatch')
    await expect(within(palette).getByRole('button', { name: 'Rose' })).toHaveAttribute(
      'aria-pressed',
      'true',
    )
    await expect(within(palette).getByRole('button', { name: 'Brand blue' })).toHaveAttribute(
      'aria-pressed',
      'false',
    )
    await expect(code(canvasElement)).toHaveValue('#e11d48')
  },
}

export const Disabled: Story = {
  args: { palette: brand, disabled: true },
  play: async ({ canvasElement }) => {
    await expect(code(canvasElement)).toBeDisabled()
    for (const button of within(canvasElement).getAllByRole('button')) await expect(button).toBeDisabled()
  },
}

/** A code that is not a colour is kept as typed, not applied, and refused with its reason once left. */
export const InvalidHex: Story = {
  play: async ({ canvasElement, args }) => {
    const field = code(canvasElement)
    await retype(field, '#12zz45')
    await expect(field).not.toHaveAttribute('aria-invalid')
    await userEvent.tab()
    await expect(field).toHaveAttribute('aria-invalid', 'true')
    await expect(field).toHaveAccessibleDescription(
      'Enter a colour as # and six hex digits, such as #1d4ed8.',
    )
    await expect(field).toHaveValue('#12zz45')
    await expect(args.onChange).not.toHaveBeenCalled()
    // Corrected, it is applied and the message goes.
    await retype(field, '#123445')
    await expect(args.onChange).toHaveBeenCalledOnce()
    await expect(args.onChange).toHaveBeenCalledWith('#123445', 'text')
    await expect(field).not.toHaveAttribute('aria-invalid')
  },
}

/** An error of the app's own (a colour that fails a contrast rule, say), read with the code field. */
export const Invalid: Story = {
  args: { value: '#f4f4f5', error: 'Too light on the white page: pick a darker colour.' },
  play: async ({ canvasElement }) => {
    const field = code(canvasElement)
    await expect(field).toHaveAttribute('aria-invalid', 'true')
    await expect(field).toHaveAccessibleDescription('Too light on the white page: pick a darker colour.')
  },
}

/** A long label and many swatches wrap within the field's width. */
export const LongText: Story = {
  args: {
    label: 'Colour of the headline on the cover and of every section title inside',
    palette: [
      ...brand,
      ...['#16a34a', '#7c3aed', '#0891b2', '#ca8a04', '#be185d', '#4b5563', '#f97316', '#84cc16'],
      ...['#0f766e', '#a21caf', '#65a30d', '#dc2626', '#2563eb', '#9333ea', '#059669', '#d97706'],
    ],
    paletteLabel: 'Brand colours',
  },
  play: async ({ canvasElement }) => {
    const palette = within(canvasElement).getByRole('group', { name: /Brand colours$/ })
    await expect(within(palette).getByRole('button', { name: '#16a34a' })).toBeVisible()
    await expect(palette.getBoundingClientRect().height).toBeGreaterThan(30)
  },
}

/** Right to left: label and swatches from the right, the code itself still read left to right. */
export const RightToLeft: Story = {
  args: { label: 'اللون', palette: brand, paletteLabel: 'ألوان العلامة' },
  globals: { dir: 'rtl' },
  play: async ({ canvasElement }) => {
    const field = code(canvasElement, 'اللون')
    await expect(field).toHaveAttribute('dir', 'ltr')
    const picker = canvasElement.querySelector('input[type="color"]') as HTMLInputElement
    await expect(picker.getBoundingClientRect().left).toBeGreaterThan(field.getBoundingClientRect().left)
  },
}

/** The dark theme, with an error of the app's own: the field, the swatches and the message on the dark tokens. */
export const Dark: Story = {
  args: {
    palette: brand,
    paletteLabel: 'Brand colours',
    value: '#111827',
    error: 'Too dark on the dark page: pick a lighter colour.',
  },
  globals: { theme: 'dark' },
  play: async ({ canvasElement }) => {
    await expect(code(canvasElement)).toHaveAttribute('aria-invalid', 'true')
    await expect(within(canvasElement).getByRole('button', { name: 'Ink' })).toHaveAttribute(
      'aria-pressed',
      'true',
    )
  },
}

export const Mobile: Story = {
  args: { palette: brand, paletteLabel: 'Brand colours' },
  globals: phoneViewport,
  play: async ({ canvasElement }) => {
    await expect(code(canvasElement).getBoundingClientRect().right).toBeLessThanOrEqual(window.innerWidth)
  },
}
