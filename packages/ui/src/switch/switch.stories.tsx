import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, within } from 'storybook/test'
import { formColumn, phoneViewport } from '../demo/story-parts'
import { Switch } from './switch'

const meta = {
  title: 'Forms/Switch',
  component: Switch,
  args: {
    label: 'Create only from approved versions',
    hint: 'Creations use the latest approved version of each design.',
    onCheckedChange: fn(),
  },
  decorators: [formColumn],
} satisfies Meta<typeof Switch>

export default meta
type Story = StoryObj<typeof meta>

const control = (canvasElement: HTMLElement) =>
  within(canvasElement).getByRole('switch', { name: 'Create only from approved versions' })

/** A click on the switch or on its label turns it on or off; so do Space and Enter once it has focus. */
export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const toggle = control(canvasElement)
    await expect(toggle).not.toBeChecked()
    await expect(toggle).toHaveAccessibleDescription(
      'Creations use the latest approved version of each design.',
    )
    await userEvent.click(toggle)
    await expect(toggle).toBeChecked()
    await expect(args.onCheckedChange).toHaveBeenLastCalledWith(true)
    await userEvent.click(within(canvasElement).getByText('Create only from approved versions'))
    await expect(toggle).not.toBeChecked()
    await expect(toggle).toHaveFocus()
    await userEvent.keyboard(' ')
    await expect(toggle).toBeChecked()
    await userEvent.keyboard('{Enter}')
    await expect(toggle).not.toBeChecked()
    await expect(args.onCheckedChange).toHaveBeenCalledTimes(4)
  },
}

export const On: Story = {
  args: { defaultChecked: true },
  play: async ({ canvasElement }) => {
    await expect(control(canvasElement)).toBeChecked()
  },
}

/** For a member who may not change it: shown as it is, not changed by a click. */
export const Disabled: Story = {
  args: { defaultChecked: true, disabled: true },
  play: async ({ canvasElement, args }) => {
    const toggle = control(canvasElement)
    await expect(toggle).toBeDisabled()
    await userEvent.click(toggle)
    await expect(toggle).toBeChecked()
    await expect(args.onCheckedChange).not.toHaveBeenCalled()
  },
}

/** On a phone a long label wraps beside the switch, which keeps its size and a 44 px tall touch target. */
export const Phone: Story = {
  args: {
    label:
      'Create only from approved versions of the team’s designs, in the app, in bulk and through the API',
  },
  globals: phoneViewport,
  play: async ({ canvasElement }) => {
    const toggle = within(canvasElement).getByRole('switch')
    const box = toggle.getBoundingClientRect()
    await expect(box.width).toBe(44)
    await expect(box.height).toBe(24)
    await expect(toggle.parentElement?.getBoundingClientRect().width).toBeLessThanOrEqual(390)
  },
}

export const RightToLeft: Story = {
  args: { label: 'الإنشاء من النسخ المعتمدة فقط', hint: undefined, defaultChecked: true },
  globals: { dir: 'rtl' },
  play: async ({ canvasElement }) => {
    const toggle = within(canvasElement).getByRole('switch')
    await expect(toggle).toBeChecked()
    // The switch ends the row: at the left.
    const label = within(canvasElement).getByText('الإنشاء من النسخ المعتمدة فقط')
    await expect(toggle.getBoundingClientRect().right).toBeLessThan(label.getBoundingClientRect().left)
  },
}

export const Dark: Story = {
  globals: { theme: 'dark' },
  render: (args) => (
    <div className="grid gap-4">
      <Switch {...args} defaultChecked />
      <Switch label="Email me each week" />
      <Switch label="Team-wide" disabled />
    </div>
  ),
}
