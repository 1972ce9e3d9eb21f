import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, within } from 'storybook/test'
import { formColumn, phoneViewport } from '../demo/story-parts'
import { Slider } from './slider'

const meta = {
  title: 'Forms/Slider',
  component: Slider,
  args: { label: 'Opacity', defaultValue: 40, onValueChange: fn(), formatValue: (value) => `${value} %` },
  decorators: [formColumn],
} satisfies Meta<typeof Slider>

export default meta
type Story = StoryObj<typeof meta>

const thumb = (canvasElement: HTMLElement, name: string | RegExp = 'Opacity') =>
  within(canvasElement).getByRole('slider', { name })
const shownValue = (canvasElement: HTMLElement) =>
  canvasElement.querySelector('[data-slot="slider-value"]') as HTMLElement

/** The arrows move it a step, Page Up ten, End to the top; the value beside the label follows. */
export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const slider = thumb(canvasElement)
    await expect(slider).toHaveAttribute('aria-valuenow', '40')
    await expect(slider).toHaveAttribute('aria-valuetext', '40 %')
    await userEvent.tab()
    await expect(slider).toHaveFocus()
    await userEvent.keyboard('{ArrowRight}{ArrowRight}')
    await expect(slider).toHaveAttribute('aria-valuenow', '42')
    await expect(shownValue(canvasElement)).toHaveTextContent('42 %')
    await userEvent.keyboard('{ArrowLeft}{PageUp}')
    await expect(shownValue(canvasElement)).toHaveTextContent('51 %')
    await userEvent.keyboard('{End}')
    await expect(shownValue(canvasElement)).toHaveTextContent('100 %')
    await expect(args.onValueChange).toHaveBeenLastCalledWith(100)
  },
}

export const Filled: Story = {
  args: { label: 'Corner radius', defaultValue: 12, min: 0, max: 48, step: 2, formatValue: (v) => `${v} px` },
  play: async ({ canvasElement, args }) => {
    const slider = thumb(canvasElement, 'Corner radius')
    slider.focus()
    await userEvent.keyboard('{ArrowUp}')
    await expect(slider).toHaveAttribute('aria-valuenow', '14')
    await expect(shownValue(canvasElement)).toHaveTextContent('14 px')
    await userEvent.keyboard('{Home}')
    await expect(args.onValueChange).toHaveBeenLastCalledWith(0)
  },
}

export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ canvasElement, args }) => {
    const slider = thumb(canvasElement)
    await expect(slider).toHaveAttribute('data-disabled')
    await userEvent.tab()
    await expect(slider).not.toHaveFocus()
    await expect(args.onValueChange).not.toHaveBeenCalled()
  },
}

export const Invalid: Story = {
  args: { defaultValue: 5, error: 'Below 10 % the layer cannot be seen in print.' },
  play: async ({ canvasElement }) => {
    const slider = thumb(canvasElement)
    await expect(slider).toHaveAttribute('aria-invalid', 'true')
    await expect(slider).toHaveAccessibleDescription('Below 10 % the layer cannot be seen in print.')
  },
}

/** A long label wraps and leaves the value at the end of its first line. */
export const LongText: Story = {
  args: {
    label: 'How much of the background photograph shows through the coloured overlay on every page',
    defaultValue: 65,
  },
  play: async ({ canvasElement }) => {
    await expect(thumb(canvasElement, /How much of the background/)).toHaveAttribute('aria-valuenow', '65')
    await expect(shownValue(canvasElement)).toBeVisible()
  },
}

/** Right to left the track fills from the right, and the left arrow raises the value. */
export const RightToLeft: Story = {
  args: { label: 'الشفافية' },
  globals: { dir: 'rtl' },
  play: async ({ canvasElement }) => {
    const slider = thumb(canvasElement, 'الشفافية')
    slider.focus()
    await userEvent.keyboard('{ArrowLeft}')
    await expect(slider).toHaveAttribute('aria-valuenow', '41')
    await userEvent.keyboard('{ArrowRight}{ArrowRight}')
    await expect(shownValue(canvasElement)).toHaveTextContent('39 %')
  },
}

export const Dark: Story = {
  globals: { theme: 'dark' },
  render: (args) => (
    <div className="grid gap-5">
      <Slider {...args} />
      <Slider label="Blur" defaultValue={20} disabled />
      <Slider label="Line height" defaultValue={5} error="Lines will overlap." />
    </div>
  ),
}

export const Mobile: Story = {
  globals: phoneViewport,
  play: async ({ canvasElement }) => {
    await expect(thumb(canvasElement).getBoundingClientRect().right).toBeLessThanOrEqual(window.innerWidth)
  },
}
