import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, within } from 'storybook/test'
import { formColumn, phoneViewport } from '../demo/story-parts'
import { Input, Textarea } from './input'

const meta = {
  title: 'Forms/Input',
  component: Input,
  args: { label: 'Project name', placeholder: 'Spring campaign', onChange: fn() },
  decorators: [formColumn],
} satisfies Meta<typeof Input>

export default meta
type Story = StoryObj<typeof meta>

/** The label names the field; typing goes in and out through `onChange`. */
export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const input = within(canvasElement).getByLabelText('Project name')
    await expect(input).not.toHaveAttribute('aria-invalid')
    await userEvent.click(within(canvasElement).getByText('Project name'))
    await expect(input).toHaveFocus()
    await userEvent.keyboard('Summer sale')
    await expect(input).toHaveValue('Summer sale')
    await expect(args.onChange).toHaveBeenCalledTimes('Summer sale'.length)
  },
}

export const Filled: Story = {
  args: { defaultValue: 'Autumn catalogue', hint: 'Shown to customers on the template gallery.' },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByLabelText('Project name')
    await expect(input).toHaveValue('Autumn catalogue')
    await expect(input).toHaveAccessibleDescription('Shown to customers on the template gallery.')
  },
}

export const Disabled: Story = {
  args: { defaultValue: 'Autumn catalogue', disabled: true },
  play: async ({ canvasElement, args }) => {
    const input = within(canvasElement).getByLabelText('Project name')
    await expect(input).toBeDisabled()
    await userEvent.type(input, 'x')
    await expect(args.onChange).not.toHaveBeenCalled()
  },
}

/** The error is read with the field, which is marked invalid. */
export const Invalid: Story = {
  args: { defaultValue: '', error: 'A project needs a name.' },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByLabelText('Project name')
    await expect(input).toHaveAttribute('aria-invalid', 'true')
    await expect(input).toHaveAccessibleDescription('A project needs a name.')
    await expect(within(canvasElement).getByText('A project needs a name.')).toBeVisible()
  },
}

/** A long label wraps; a long value scrolls inside the field and never widens it. */
export const LongText: Story = {
  args: {
    label: 'The name customers see on every page of the catalogue, in the gallery and in their receipts',
    defaultValue:
      'Spring and summer collection for the northern region, with the new logo and the updated brand colours',
  },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole('textbox')
    await expect(input.scrollWidth).toBeGreaterThan(input.clientWidth)
    await expect(input.getBoundingClientRect().width).toBeLessThanOrEqual(384)
  },
}

/** Several lines, with the same label, hint and error as a one-line field. */
export const Multiline: Story = {
  render: () => (
    <Textarea label="Description" hint="Two or three sentences." defaultValue="A poster for the fair." />
  ),
  play: async ({ canvasElement }) => {
    const textarea = within(canvasElement).getByLabelText('Description')
    await expect(textarea.tagName).toBe('TEXTAREA')
    await userEvent.type(textarea, '{Enter}Printed in A3.')
    await expect(textarea).toHaveValue('A poster for the fair.\nPrinted in A3.')
    await expect(textarea).toHaveAccessibleDescription('Two or three sentences.')
  },
}

export const RightToLeft: Story = {
  args: { label: 'اسم المشروع', placeholder: 'حملة الربيع', error: 'يحتاج المشروع إلى اسم.' },
  globals: { dir: 'rtl' },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByLabelText('اسم المشروع')
    const label = within(canvasElement).getByText('اسم المشروع')
    // The label starts at the right edge, over the field's start.
    await expect(Math.round(label.getBoundingClientRect().right)).toBe(
      Math.round(input.getBoundingClientRect().right),
    )
  },
}

export const Dark: Story = {
  args: { defaultValue: 'Autumn catalogue', hint: 'Shown to customers.' },
  globals: { theme: 'dark' },
  render: (args) => (
    <div className="grid gap-4">
      <Input {...args} />
      <Input label="Slug" defaultValue="autumn catalogue" error="Use letters, digits and dashes only." />
      <Input label="Owner" defaultValue="Studio North" disabled />
    </div>
  ),
}

export const Mobile: Story = {
  args: { defaultValue: 'Autumn catalogue', error: 'This name is taken.' },
  globals: phoneViewport,
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByLabelText('Project name')
    await expect(input.getBoundingClientRect().right).toBeLessThanOrEqual(window.innerWidth)
  },
}
