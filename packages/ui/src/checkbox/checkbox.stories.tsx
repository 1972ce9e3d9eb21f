import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, within } from 'storybook/test'
import { formColumn, phoneViewport } from '../demo/story-parts'
import { Checkbox } from './checkbox'

const meta = {
  title: 'Forms/Checkbox',
  component: Checkbox,
  args: { label: 'Shrink text to fit', onCheckedChange: fn() },
  decorators: [formColumn],
} satisfies Meta<typeof Checkbox>

export default meta
type Story = StoryObj<typeof meta>

const box = (canvasElement: HTMLElement, name = 'Shrink text to fit') =>
  within(canvasElement).getByRole('checkbox', { name })

/** A click on the box or on its label toggles it; so does Space once it has focus. */
export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const checkbox = box(canvasElement)
    await expect(checkbox).not.toBeChecked()
    await userEvent.click(checkbox)
    await expect(checkbox).toBeChecked()
    await expect(args.onCheckedChange).toHaveBeenLastCalledWith(true)
    await userEvent.click(within(canvasElement).getByText('Shrink text to fit'))
    await expect(checkbox).not.toBeChecked()
    await expect(args.onCheckedChange).toHaveBeenLastCalledWith(false)
    await expect(checkbox).toHaveFocus()
    await userEvent.keyboard(' ')
    await expect(checkbox).toBeChecked()
    await expect(args.onCheckedChange).toHaveBeenCalledTimes(3)
  },
}

export const Filled: Story = {
  args: { defaultChecked: true, hint: 'Long names get smaller instead of wrapping.' },
  play: async ({ canvasElement }) => {
    const checkbox = box(canvasElement)
    await expect(checkbox).toBeChecked()
    await expect(checkbox).toHaveAccessibleDescription('Long names get smaller instead of wrapping.')
  },
}

export const Disabled: Story = {
  args: { defaultChecked: true, disabled: true },
  play: async ({ canvasElement, args }) => {
    const checkbox = box(canvasElement)
    await expect(checkbox).toBeDisabled()
    await userEvent.click(checkbox)
    await expect(checkbox).toBeChecked()
    await expect(args.onCheckedChange).not.toHaveBeenCalled()
  },
}

export const Invalid: Story = {
  args: { label: 'I have the rights to every image used', error: 'Confirm this to publish.' },
  play: async ({ canvasElement }) => {
    const checkbox = box(canvasElement, 'I have the rights to every image used')
    await expect(checkbox).toHaveAttribute('aria-invalid', 'true')
    await expect(checkbox).toHaveAccessibleDescription('Confirm this to publish.')
  },
}

/** A long label wraps beside the box, which stays at the first line. */
export const LongText: Story = {
  args: {
    label:
      'Let customers change this text when they create from the template, including its length and its line breaks',
  },
  play: async ({ canvasElement }) => {
    const label = within(canvasElement).getByText(/Let customers change this text/)
    await expect(label.getBoundingClientRect().height).toBeGreaterThan(30)
  },
}

export const RightToLeft: Story = {
  args: { label: 'تصغير النص ليناسب', defaultChecked: true },
  globals: { dir: 'rtl' },
  play: async ({ canvasElement }) => {
    const checkbox = box(canvasElement, 'تصغير النص ليناسب')
    const label = within(canvasElement).getByText('تصغير النص ليناسب')
    // The box comes first, at the right.
    await expect(checkbox.getBoundingClientRect().left).toBeGreaterThan(label.getBoundingClientRect().right)
  },
}

export const Dark: Story = {
  globals: { theme: 'dark' },
  render: (args) => (
    <div className="grid gap-3">
      <Checkbox {...args} defaultChecked />
      <Checkbox label="Italic" />
      <Checkbox label="Bold" disabled />
      <Checkbox label="I have the rights to every image used" error="Confirm this to publish." />
    </div>
  ),
}

export const Mobile: Story = {
  args: { defaultChecked: true, hint: 'Long names get smaller instead of wrapping.' },
  globals: phoneViewport,
  play: async ({ canvasElement }) => {
    await expect(box(canvasElement).getBoundingClientRect().right).toBeLessThanOrEqual(window.innerWidth)
  },
}
