import type { Meta, StoryObj } from '@storybook/react-vite'
import { CopyIcon, PencilIcon, Trash2Icon } from 'lucide-react'
import { expect, fn, userEvent, waitFor, within } from 'storybook/test'
import { Button } from '../button'
import { body } from '../demo/story-parts'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from './dropdown-menu'

const onDelete = fn()

const meta = {
  title: 'Primitives/DropdownMenu',
  component: DropdownMenu,
  subcomponents: {
    DropdownMenuTrigger,
    DropdownMenuContent,
    DropdownMenuItem,
    DropdownMenuLabel,
    DropdownMenuSeparator,
  } as Record<string, React.ComponentType<unknown>>,
  parameters: { layout: 'centered' },
  render: (args) => (
    <div className="flex h-80 items-start p-6">
      <DropdownMenu {...args}>
        <DropdownMenuTrigger asChild>
          <Button variant="outline">Actions</Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="start">
          <DropdownMenuLabel>Project</DropdownMenuLabel>
          <DropdownMenuGroup>
            <DropdownMenuItem icon={<PencilIcon />}>Rename</DropdownMenuItem>
            <DropdownMenuItem icon={<CopyIcon />}>Duplicate</DropdownMenuItem>
            <DropdownMenuItem asChild inset>
              <a href="#settings">Open settings</a>
            </DropdownMenuItem>
            <DropdownMenuItem disabled inset>
              Move (no other workspace)
            </DropdownMenuItem>
          </DropdownMenuGroup>
          <DropdownMenuSeparator />
          <DropdownMenuItem variant="destructive" icon={<Trash2Icon />} onSelect={onDelete}>
            Delete
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
    </div>
  ),
} satisfies Meta<typeof DropdownMenu>

export default meta
type Story = StoryObj<typeof meta>

export const Closed: Story = {}

/*
 * The pictures of an open menu use the non-modal mode: a modal Radix menu marks the rest of the page
 * aria-hidden while it traps focus inside itself, and axe (aria-hidden-focus) then flags the trigger, which
 * no keyboard can reach at that moment. The modal mode's behaviour is covered by the Keyboard story.
 */
export const Open: Story = { args: { defaultOpen: true, modal: false } }

export const Keyboard: Story = {
  play: async ({ canvasElement }) => {
    const trigger = within(canvasElement).getByRole('button', { name: 'Actions' })
    trigger.focus()
    await userEvent.keyboard('{ArrowDown}')
    const menu = await body().findByRole('menu')
    await waitFor(() => expect(within(menu).getByRole('menuitem', { name: 'Rename' })).toHaveFocus())
    // Disabled items are skipped.
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}')
    await expect(within(menu).getByRole('menuitem', { name: 'Delete' })).toHaveFocus()
    await userEvent.keyboard('{Enter}')
    await expect(onDelete).toHaveBeenCalled()
    await waitFor(() => expect(body().queryByRole('menu')).toBeNull())
    await expect(trigger).toHaveFocus()
  },
}

export const RightToLeft: Story = {
  args: { defaultOpen: true, modal: false, dir: 'rtl' },
  globals: { dir: 'rtl' },
}

export const Dark: Story = { args: { defaultOpen: true, modal: false }, globals: { theme: 'dark' } }
