import type { Meta, StoryObj } from '@storybook/react-vite'
import { LogOutIcon, SettingsIcon, UserIcon } from 'lucide-react'
import { useRef, useState } from 'react'
import { expect, fn, userEvent, waitFor, within } from 'storybook/test'
import { Badge } from '../badge'
import { Button } from '../button'
import { DemoLink, DemoRouter, demoUser } from '../demo/demo-app'
import { body } from '../demo/story-parts'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../dialog'
import { DropdownMenuGroup, DropdownMenuLabel } from '../dropdown-menu'
import { AvatarMenu, AvatarMenuItem, AvatarMenuSeparator } from './avatar-menu'

const meta = {
  title: 'Shell/AvatarMenu',
  component: AvatarMenu,
  args: { name: demoUser.name, email: demoUser.email, image: demoUser.image, onOpenChange: fn() },
  parameters: { layout: 'fullscreen' },
  render: (args) => (
    <DemoRouter>
      <div className="flex min-h-80 justify-end p-6">
        <AvatarMenu {...args}>
          <AvatarMenuItem asChild icon={<UserIcon />}>
            <DemoLink to="/profile">Profile</DemoLink>
          </AvatarMenuItem>
          <AvatarMenuItem asChild icon={<SettingsIcon />}>
            <DemoLink to="/settings">Settings</DemoLink>
          </AvatarMenuItem>
          <AvatarMenuSeparator />
          <AvatarMenuItem variant="destructive" icon={<LogOutIcon />} onSelect={fn()}>
            Log out
          </AvatarMenuItem>
        </AvatarMenu>
      </div>
    </DemoRouter>
  ),
} satisfies Meta<typeof AvatarMenu>

export default meta
type Story = StoryObj<typeof meta>

const trigger = (canvasElement: HTMLElement) =>
  within(canvasElement).getByRole('button', { name: `Account menu, ${demoUser.name}` })

export const Closed: Story = {
  play: async ({ canvasElement }) => {
    await expect(trigger(canvasElement)).toHaveAttribute('aria-expanded', 'false')
  },
}

export const Open: Story = {
  play: async ({ canvasElement, args }) => {
    await userEvent.click(trigger(canvasElement))
    const menu = await body().findByRole('menu')
    await expect(args.onOpenChange).toHaveBeenLastCalledWith(true)
    await expect(menu).toHaveTextContent(demoUser.name)
    await expect(menu).toHaveTextContent(demoUser.email)
    const profile = within(menu).getByRole('menuitem', { name: 'Profile' })
    await expect(profile.tagName).toBe('A')
    await expect(profile).toHaveAttribute('href', '/profile')
    await waitFor(() => expect(within(menu).getByRole('menuitem', { name: 'Log out' })).toBeVisible())
  },
}

/** Enter opens, arrows move, Escape closes and gives the focus back to the avatar button. */
export const KeyboardOperable: Story = {
  play: async ({ canvasElement }) => {
    const button = trigger(canvasElement)
    await userEvent.tab()
    await expect(button).toHaveFocus()
    await userEvent.keyboard('{Enter}')
    const menu = await body().findByRole('menu')
    await waitFor(() => expect(within(menu).getByRole('menuitem', { name: 'Profile' })).toHaveFocus())
    await userEvent.keyboard('{ArrowDown}')
    await expect(within(menu).getByRole('menuitem', { name: 'Settings' })).toHaveFocus()
    await userEvent.keyboard('{ArrowDown}')
    await expect(within(menu).getByRole('menuitem', { name: 'Log out' })).toHaveFocus()
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(body().queryByRole('menu')).toBeNull())
    await expect(button).toHaveFocus()
  },
}

export const SelectingAnActionClosesTheMenu: Story = {
  render: (args) => {
    const [loggedOut, setLoggedOut] = useState(false)
    return (
      <div className="flex min-h-80 items-start justify-between p-6">
        <p className="text-sm" role="status">
          {loggedOut ? 'Logged out' : ''}
        </p>
        <AvatarMenu {...args}>
          <AvatarMenuItem variant="destructive" icon={<LogOutIcon />} onSelect={() => setLoggedOut(true)}>
            Log out
          </AvatarMenuItem>
        </AvatarMenu>
      </div>
    )
  },
  play: async ({ canvasElement }) => {
    await userEvent.click(trigger(canvasElement))
    await userEvent.click(await body().findByRole('menuitem', { name: 'Log out' }))
    await waitFor(() => expect(body().queryByRole('menu')).toBeNull())
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Logged out')
  },
}

export const InitialsWithoutImage: Story = {
  args: { image: undefined },
  play: async ({ canvasElement }) => {
    await expect(trigger(canvasElement)).toHaveTextContent('AL')
  },
}

export const BrokenImageFallsBackToInitials: Story = {
  args: { image: 'data:image/png;base64,broken' },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(trigger(canvasElement)).toHaveTextContent('AL'))
  },
}

const longName = 'Maximiliana Alexandrina von Hohenzollern-Sigmaringen'
const longEmail = 'maximiliana.alexandrina.von.hohenzollern@subsidiary.example.com'

/** Long names and addresses are cut with an ellipsis; the full text is the title. */
export const LongNameAndEmail: Story = {
  args: { name: longName, email: longEmail, image: undefined, showName: true },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('button', { name: `Account menu, ${longName}` }),
    ).toBeVisible()
    await userEvent.click(within(canvasElement).getByRole('button'))
    const menu = await body().findByRole('menu')
    const email = within(menu).getByText(longEmail)
    await expect(email.scrollWidth).toBeGreaterThan(email.clientWidth)
    await userEvent.hover(email)
    await expect(email).toHaveAttribute('title', longEmail)
  },
}

export const WithName: Story = { args: { showName: true } }

export const RightToLeft: Story = {
  globals: { dir: 'rtl' },
  parameters: { layout: 'fullscreen' },
  play: async ({ canvasElement }) => {
    await userEvent.click(trigger(canvasElement))
    await body().findByRole('menu')
  },
}

export const Dark: Story = {
  globals: { theme: 'dark' },
  play: async ({ canvasElement }) => {
    await userEvent.click(trigger(canvasElement))
    await body().findByRole('menu')
  },
}

/**
 * A menu item that opens a dialog. With a modal Radix menu, closing the dialog can leave
 * `pointer-events: none` on <body> and the page dead; the avatar menu is non-modal by default, so the page
 * stays clickable.
 */
export const ItemOpensDialog: Story = {
  render: (args) => {
    const [dialogOpen, setDialogOpen] = useState(false)
    const [clicks, setClicks] = useState(0)
    const avatarButton = useRef<HTMLButtonElement>(null)
    return (
      <div className="flex min-h-80 items-start justify-between p-6">
        <Button variant="outline" onClick={() => setClicks((n) => n + 1)}>
          Clicked {clicks} times
        </Button>
        <AvatarMenu ref={avatarButton} {...args}>
          <AvatarMenuItem icon={<SettingsIcon />} onSelect={() => setDialogOpen(true)}>
            Preferences…
          </AvatarMenuItem>
        </AvatarMenu>
        <Dialog open={dialogOpen} onOpenChange={setDialogOpen}>
          <DialogContent
            onCloseAutoFocus={(event) => {
              event.preventDefault()
              avatarButton.current?.focus()
            }}
          >
            <DialogHeader>
              <DialogTitle>Preferences</DialogTitle>
              <DialogDescription>Choose how the app looks and behaves.</DialogDescription>
            </DialogHeader>
            <DialogFooter>
              <Button onClick={() => setDialogOpen(false)}>Done</Button>
            </DialogFooter>
          </DialogContent>
        </Dialog>
      </div>
    )
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(trigger(canvasElement))
    await userEvent.click(await body().findByRole('menuitem', { name: 'Preferences…' }))
    const dialog = await body().findByRole('dialog', { name: 'Preferences' })
    await userEvent.click(within(dialog).getByRole('button', { name: 'Done' }))
    await waitFor(() => expect(body().queryByRole('dialog')).toBeNull())
    await waitFor(() => expect(document.body.style.pointerEvents).not.toBe('none'))
    await expect(getComputedStyle(document.body).pointerEvents).not.toBe('none')
    await expect(trigger(canvasElement)).toHaveFocus()
    // The page still answers a real click.
    await userEvent.click(canvas.getByRole('button', { name: /Clicked 0 times/ }))
    await expect(canvas.getByRole('button', { name: /Clicked 1 times/ })).toBeVisible()
  },
}

/**
 * Custom items: the menu takes any dropdown-menu part as children (a group with its own label, an item
 * holding the app's content), a heading of the app's own, and passes attributes to its button.
 */
export const CustomItems: Story = {
  args: {
    id: 'account-button',
    'data-testid': 'account',
    heading: (
      <div className="px-2.5 py-2 text-sm text-foreground">
        Signed in as <strong>{demoUser.email}</strong>
      </div>
    ),
  } as Story['args'],
  render: (args) => (
    <div className="flex min-h-96 justify-end p-6">
      <AvatarMenu {...args}>
        <DropdownMenuGroup aria-label="Workspace">
          <DropdownMenuLabel>Workspace</DropdownMenuLabel>
          <AvatarMenuItem icon={<SettingsIcon />}>
            <span className="flex-1">Credits</span>
            <Badge count={120} variant="secondary" />
          </AvatarMenuItem>
        </DropdownMenuGroup>
        <AvatarMenuSeparator />
        <AvatarMenuItem variant="destructive" icon={<LogOutIcon />}>
          Log out
        </AvatarMenuItem>
      </AvatarMenu>
    </div>
  ),
  play: async ({ canvasElement }) => {
    const button = trigger(canvasElement)
    await expect(button).toHaveAttribute('id', 'account-button')
    await expect(button).toHaveAttribute('data-testid', 'account')
    await userEvent.click(button)
    const menu = await body().findByRole('menu')
    await expect(menu).toHaveTextContent(`Signed in as ${demoUser.email}`)
    const group = within(menu).getByRole('group', { name: 'Workspace' })
    await expect(within(group).getByRole('menuitem', { name: /Credits/ })).toHaveTextContent('99+')
    await waitFor(() => expect(within(menu).getByRole('menuitem', { name: 'Log out' })).toBeVisible())
  },
}

/** `heading={false}`: the items alone, for an app that shows the user elsewhere. */
export const WithoutHeading: Story = {
  args: { heading: false },
  play: async ({ canvasElement }) => {
    await userEvent.click(trigger(canvasElement))
    const menu = await body().findByRole('menu')
    await expect(menu).not.toHaveTextContent(demoUser.email)
    await expect(menu.querySelector('[data-slot=avatar-menu-heading]')).toBeNull()
    await expect(within(menu).getAllByRole('menuitem')[0]).toHaveTextContent('Profile')
  },
}
