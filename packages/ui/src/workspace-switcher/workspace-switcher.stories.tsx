import type { Meta, StoryObj } from '@storybook/react-vite'
import { PlusIcon, UsersIcon } from 'lucide-react'
import { useState } from 'react'
import { expect, fn, userEvent, waitFor, within } from 'storybook/test'
import { body, phoneViewport } from '../demo/story-parts'
import { type Workspace, WorkspaceSwitcher, WorkspaceSwitcherItem } from './workspace-switcher'

const workspaces: Workspace[] = [
  { id: 'personal', name: 'Ada Lovelace', detail: 'Personal' },
  { id: 'team-1', name: 'Northwind Studio', detail: 'Owner' },
  { id: 'team-2', name: 'Acme Marketing', detail: 'Editor' },
]

const meta = {
  title: 'Shell/WorkspaceSwitcher',
  component: WorkspaceSwitcher,
  args: { workspaces, value: 'personal', onValueChange: fn(), onOpenChange: fn() },
  parameters: { layout: 'fullscreen' },
  render: function Render(args) {
    // The story keeps the choice, as the app does.
    const [value, setValue] = useState(args.value)
    return (
      <div className="flex min-h-96 items-start p-6">
        <WorkspaceSwitcher
          {...args}
          value={value}
          onValueChange={(id) => {
            setValue(id)
            args.onValueChange(id)
          }}
        >
          <WorkspaceSwitcherItem icon={<PlusIcon />} onSelect={fn()}>
            Create a team
          </WorkspaceSwitcherItem>
          <WorkspaceSwitcherItem icon={<UsersIcon />} onSelect={fn()}>
            Manage teams
          </WorkspaceSwitcherItem>
        </WorkspaceSwitcher>
      </div>
    )
  },
} satisfies Meta<typeof WorkspaceSwitcher>

export default meta
type Story = StoryObj<typeof meta>

const trigger = (canvasElement: HTMLElement, name = 'Ada Lovelace') =>
  within(canvasElement).getByRole('button', { name: `Workspace, ${name}` })

export const Closed: Story = {
  play: async ({ canvasElement }) => {
    await expect(trigger(canvasElement)).toHaveAttribute('aria-expanded', 'false')
  },
}

/** The workspaces as one choice, the current one checked; choosing a team names it on the button. */
export const ChoosingATeam: Story = {
  play: async ({ canvasElement, args }) => {
    await userEvent.click(trigger(canvasElement))
    const menu = await body().findByRole('menu')
    await expect(args.onOpenChange).toHaveBeenLastCalledWith(true)
    const personal = within(menu).getByRole('menuitemradio', { name: 'Ada Lovelace, Personal' })
    await expect(personal).toHaveAttribute('aria-checked', 'true')
    await userEvent.click(within(menu).getByRole('menuitemradio', { name: 'Northwind Studio, Owner' }))
    await expect(args.onValueChange).toHaveBeenCalledWith('team-1')
    await waitFor(() => expect(body().queryByRole('menu')).toBeNull())
    await expect(trigger(canvasElement, 'Northwind Studio')).toHaveFocus()
  },
}

/** Choosing the workspace already shown changes nothing. */
export const ChoosingTheCurrentOne: Story = {
  play: async ({ canvasElement, args }) => {
    await userEvent.click(trigger(canvasElement))
    await userEvent.click(await body().findByRole('menuitemradio', { name: 'Ada Lovelace, Personal' }))
    await expect(args.onValueChange).not.toHaveBeenCalled()
  },
}

/** Enter opens on the current workspace's row, arrows move through the list and the items, Escape closes. */
export const KeyboardOperable: Story = {
  args: { value: 'team-2' },
  play: async ({ canvasElement, args }) => {
    const button = trigger(canvasElement, 'Acme Marketing')
    await userEvent.tab()
    await expect(button).toHaveFocus()
    await userEvent.keyboard('{Enter}')
    const menu = await body().findByRole('menu')
    await waitFor(() =>
      expect(within(menu).getByRole('menuitemradio', { name: 'Ada Lovelace, Personal' })).toHaveFocus(),
    )
    await userEvent.keyboard('{ArrowDown}')
    await expect(within(menu).getByRole('menuitemradio', { name: 'Northwind Studio, Owner' })).toHaveFocus()
    await userEvent.keyboard('{ArrowDown}{ArrowDown}')
    await expect(within(menu).getByRole('menuitem', { name: 'Create a team' })).toHaveFocus()
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(body().queryByRole('menu')).toBeNull())
    await expect(button).toHaveFocus()
    await expect(args.onValueChange).not.toHaveBeenCalled()
  },
}

/** No team yet: the personal workspace alone, and the way to create one. */
export const PersonalOnly: Story = {
  args: { workspaces: workspaces.slice(0, 1) },
  play: async ({ canvasElement }) => {
    await userEvent.click(trigger(canvasElement))
    const menu = await body().findByRole('menu')
    await expect(within(menu).getAllByRole('menuitemradio')).toHaveLength(1)
    await expect(within(menu).getByRole('menuitem', { name: 'Create a team' })).toBeVisible()
  },
}

const many: Workspace[] = [
  workspaces[0] as Workspace,
  ...Array.from({ length: 20 }, (_, i) => ({ id: `team-${i + 1}`, name: `Team ${i + 1}`, detail: 'Viewer' })),
]

/** Twenty teams, the most a person may join: the list scrolls within the window. */
export const TwentyTeams: Story = {
  args: { workspaces: many, value: 'team-20' },
  play: async ({ canvasElement }) => {
    await userEvent.click(trigger(canvasElement, 'Team 20'))
    const menu = await body().findByRole('menu')
    await expect(within(menu).getAllByRole('menuitemradio')).toHaveLength(21)
    await expect(menu.scrollHeight).toBeGreaterThan(menu.clientHeight)
    await expect(within(menu).getByRole('menuitemradio', { name: 'Team 20, Viewer' })).toHaveAttribute(
      'aria-checked',
      'true',
    )
  },
}

const longName = 'The Northern Hemisphere Regional Marketing and Communications Department'

/** A long name is cut with an ellipsis on the button and in the list; its whole name is said and shown on hover. */
export const LongName: Story = {
  args: { workspaces: [...workspaces, { id: 'long', name: longName, detail: 'Admin' }], value: 'long' },
  play: async ({ canvasElement }) => {
    const button = trigger(canvasElement, longName)
    await expect(button.getBoundingClientRect().width).toBeLessThanOrEqual(256)
    await userEvent.click(button)
    const menu = await body().findByRole('menu')
    const row = within(menu).getByRole('menuitemradio', { name: `${longName}, Admin` })
    const text = within(row).getByText(longName)
    await expect(text.scrollWidth).toBeGreaterThan(text.clientWidth)
    await userEvent.hover(text)
    await expect(text).toHaveAttribute('title', longName)
  },
}

/** Chinese names and labels, as the app passes them in Chinese. */
export const Chinese: Story = {
  args: {
    label: '工作区',
    heading: '切换工作区',
    workspaces: [
      { id: 'personal', name: '王小明', detail: '个人' },
      { id: 'team-1', name: '北风工作室', detail: '所有者' },
    ],
    value: 'team-1',
  },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: '工作区, 北风工作室' }))
    const menu = await body().findByRole('menu')
    await expect(menu).toHaveTextContent('切换工作区')
    await expect(within(menu).getByRole('menuitemradio', { name: '北风工作室, 所有者' })).toHaveAttribute(
      'aria-checked',
      'true',
    )
  },
}

export const RightToLeft: Story = {
  globals: { dir: 'rtl' },
  play: async ({ canvasElement }) => {
    await userEvent.click(trigger(canvasElement))
    const menu = await body().findByRole('menu')
    await expect(menu).toHaveAttribute('dir', 'rtl')
  },
}

export const Dark: Story = {
  globals: { theme: 'dark' },
  play: async ({ canvasElement }) => {
    await userEvent.click(trigger(canvasElement))
    await body().findByRole('menu')
  },
}

/** On a phone the button shows the workspace's mark alone; the menu fits the screen. */
export const MobileOpen: Story = {
  globals: phoneViewport,
  args: { value: 'team-1' },
  play: async ({ canvasElement }) => {
    const button = trigger(canvasElement, 'Northwind Studio')
    await userEvent.click(button)
    const menu = await body().findByRole('menu')
    await expect(menu.getBoundingClientRect().right).toBeLessThanOrEqual(window.innerWidth)
  },
}
