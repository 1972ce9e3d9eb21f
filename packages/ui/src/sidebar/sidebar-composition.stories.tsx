import type { Meta, StoryObj } from '@storybook/react-vite'
import { FolderIcon, LayoutDashboardIcon, PlusIcon } from 'lucide-react'
import { expect, fn, userEvent, within } from 'storybook/test'
import { body, phoneViewport } from '../demo/story-parts'
import { Header, HeaderTitle } from '../header'
import { TooltipProvider } from '../tooltip'
import {
  Sidebar,
  SidebarContent,
  SidebarHeader,
  SidebarItem,
  SidebarItemAction,
  SidebarLink,
  SidebarMenuItem,
  SidebarNav,
  SidebarProvider,
  type SidebarProviderProps,
  SidebarSubmenu,
} from './sidebar'

const onNewProject = fn()

/**
 * An item is a `SidebarMenuItem` holding a `SidebarLink` and, beside it, a `SidebarItemAction` or a
 * `SidebarSubmenu` of further items. `SidebarItem` stays the one-line form for a plain link.
 */
function ComposedSidebar(props: SidebarProviderProps) {
  return (
    <TooltipProvider>
      <SidebarProvider {...props}>
        <Sidebar>
          <SidebarHeader>
            <span className="font-semibold">Acme</span>
          </SidebarHeader>
          <SidebarContent>
            <SidebarNav>
              <SidebarItem href="#dashboard" icon={<LayoutDashboardIcon />} active>
                Dashboard
              </SidebarItem>
              <SidebarMenuItem>
                <SidebarLink href="#projects" icon={<FolderIcon />}>
                  Projects
                </SidebarLink>
                <SidebarItemAction label="New project" onClick={onNewProject}>
                  <PlusIcon aria-hidden />
                </SidebarItemAction>
                <SidebarSubmenu aria-label="Projects">
                  <SidebarItem href="#projects/website">Website relaunch</SidebarItem>
                  <SidebarItem href="#projects/app">Mobile app</SidebarItem>
                  <SidebarItem href="#projects/brand">
                    A brand book with a very long name for one line
                  </SidebarItem>
                </SidebarSubmenu>
              </SidebarMenuItem>
            </SidebarNav>
          </SidebarContent>
        </Sidebar>
        <div className="flex min-w-0 flex-1 flex-col">
          <Header>
            <HeaderTitle>Dashboard</HeaderTitle>
          </Header>
          <main className="flex-1 p-6" />
        </div>
      </SidebarProvider>
    </TooltipProvider>
  )
}

const meta = {
  title: 'Shell/Sidebar/Composition',
  component: SidebarProvider,
  subcomponents: { SidebarMenuItem, SidebarLink, SidebarItemAction, SidebarSubmenu } as Record<
    string,
    React.ComponentType<unknown>
  >,
  render: (args) => <ComposedSidebar {...args} />,
  beforeEach: () => {
    onNewProject.mockClear()
  },
} satisfies Meta<typeof SidebarProvider>

export default meta
type Story = StoryObj<typeof meta>

const railOf = (canvasElement: HTMLElement) =>
  within(canvasElement).getByRole('complementary', { name: 'Sidebar' })

/** An item with an action: the link and the button are siblings, each reachable and named on its own. */
export const ItemWithAction: Story = {
  play: async ({ canvasElement }) => {
    const rail = within(railOf(canvasElement))
    const link = rail.getByRole('link', { name: 'Projects' })
    const action = rail.getByRole('button', { name: 'New project' })
    await expect(link.contains(action)).toBe(false)
    // The label leaves room for the button instead of running under it.
    await expect(link.getBoundingClientRect().right).toBeGreaterThan(action.getBoundingClientRect().right - 1)
    await expect(Number.parseFloat(getComputedStyle(link).paddingInlineEnd)).toBeGreaterThanOrEqual(32)
    await userEvent.click(action)
    await expect(onNewProject).toHaveBeenCalledOnce()
    // Keyboard order: the link, then its action.
    link.focus()
    await userEvent.tab()
    await expect(action).toHaveFocus()
  },
}

/** A nested list: the sub-items are a list inside the item, under its link. */
export const NestedList: Story = {
  play: async ({ canvasElement }) => {
    const rail = within(railOf(canvasElement))
    const submenu = rail.getByRole('list', { name: 'Projects' })
    await expect(submenu.closest('li')).toBe(rail.getByRole('link', { name: 'Projects' }).closest('li'))
    const items = within(submenu).getAllByRole('link')
    await expect(items.map((item) => item.textContent)).toEqual([
      'Website relaunch',
      'Mobile app',
      'A brand book with a very long name for one line',
    ])
    // Indented under the parent's label.
    const parentLeft = rail.getByRole('link', { name: 'Projects' }).getBoundingClientRect().left
    await expect(items[0]?.getBoundingClientRect().left).toBeGreaterThan(parentLeft + 16)
  },
}

/** On the icon rail only the top level shows: no action, no sub-list, and no room kept for the action. */
export const CollapsedHidesActionAndSubList: Story = {
  args: { defaultCollapsed: true },
  play: async ({ canvasElement }) => {
    const rail = within(railOf(canvasElement))
    await expect(rail.queryByRole('button', { name: 'New project' })).toBeNull()
    await expect(rail.queryByRole('list', { name: 'Projects' })).toBeNull()
    const link = rail.getByRole('link', { name: 'Projects' })
    await expect(getComputedStyle(link).paddingInlineEnd).toBe('10px')
  },
}

/** In the phone drawer the action and the sub-list are there, as on the desktop. */
export const MobileDrawerWithActionAndSubList: Story = {
  args: { defaultOpen: true },
  globals: phoneViewport,
  play: async () => {
    const drawer = within(await body().findByRole('dialog', { name: 'Sidebar' }))
    await expect(drawer.getByRole('button', { name: 'New project' })).toBeVisible()
    await expect(drawer.getByRole('link', { name: 'Mobile app' })).toBeVisible()
  },
}
