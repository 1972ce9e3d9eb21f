import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, waitFor, within } from 'storybook/test'
import { Button } from '../button'
import { body, phoneViewport } from '../demo/story-parts'
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from './dialog'

const meta = {
  title: 'Primitives/Dialog',
  component: Dialog,
  subcomponents: { DialogContent, DialogHeader, DialogTitle, DialogDescription, DialogFooter } as Record<
    string,
    React.ComponentType<unknown>
  >,
  args: { onOpenChange: fn() },
  parameters: { layout: 'centered' },
  render: (args) => (
    <Dialog {...args}>
      <DialogTrigger asChild>
        <Button variant="outline">Rename project</Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Rename project</DialogTitle>
          <DialogDescription>The new name shows everywhere the project is listed.</DialogDescription>
        </DialogHeader>
        <label className="grid gap-1.5 text-sm font-medium">
          Name
          <input
            defaultValue="Website redesign"
            className="h-9 rounded-md border border-input bg-background px-3 text-sm outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
          />
        </label>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <DialogClose asChild>
            <Button>Save</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  ),
} satisfies Meta<typeof Dialog>

export default meta
type Story = StoryObj<typeof meta>

export const Closed: Story = {}

export const Open: Story = { args: { defaultOpen: true } }

/** Opens from its trigger, traps focus, closes on Escape and gives the focus back. */
export const KeyboardAndFocus: Story = {
  play: async ({ canvasElement, args }) => {
    const trigger = within(canvasElement).getByRole('button', { name: 'Rename project' })
    await userEvent.click(trigger)
    const dialog = await body().findByRole('dialog', { name: 'Rename project' })
    await expect(args.onOpenChange).toHaveBeenLastCalledWith(true)
    await expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveFocus()
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(body().queryByRole('dialog')).toBeNull())
    await expect(trigger).toHaveFocus()
  },
}

export const CloseButton: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Rename project' }))
    const dialog = await body().findByRole('dialog')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(body().queryByRole('dialog')).toBeNull())
  },
}

export const RightToLeft: Story = { args: { defaultOpen: true }, globals: { dir: 'rtl' } }

export const Dark: Story = { args: { defaultOpen: true }, globals: { theme: 'dark' } }

export const MobileOpen: Story = {
  args: { defaultOpen: true },
  globals: phoneViewport,
}
