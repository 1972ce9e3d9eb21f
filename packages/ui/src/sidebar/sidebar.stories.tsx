import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, waitFor, within } from 'storybook/test'
import { DemoPage, DemoRouter, DemoSidebar, longLabel } from '../demo/demo-app'
import { movePointerAway } from '../demo/pointer'
import { body, phoneViewport } from '../demo/story-parts'
import { watchTimers } from '../demo/timers'
import { Header, HeaderTitle } from '../header'
import { DEFAULT_TOOLTIP_DELAY, TooltipProvider } from '../tooltip'
import {
  Sidebar,
  SidebarContent,
  SidebarFooter,
  SidebarGroup,
  SidebarHeader,
  SidebarItem,
  SidebarNav,
  SidebarProvider,
  type SidebarProviderProps,
  SidebarTrigger,
} from './sidebar'

function SidebarDemo({ withLongLabel, ...props }: SidebarProviderProps & { withLongLabel?: boolean }) {
  return (
    <DemoRouter>
      <TooltipProvider>
        <SidebarProvider {...props}>
          <DemoSidebar withLongLabel={withLongLabel} />
          <div className="flex min-w-0 flex-1 flex-col">
            <Header>
              <HeaderTitle>Dashboard</HeaderTitle>
            </Header>
            <main className="flex-1">
              <DemoPage />
            </main>
          </div>
        </SidebarProvider>
      </TooltipProvider>
    </DemoRouter>
  )
}

const meta = {
  title: 'Shell/Sidebar',
  component: SidebarProvider,
  subcomponents: {
    Sidebar,
    SidebarHeader,
    SidebarContent,
    SidebarFooter,
    SidebarNav,
    SidebarGroup,
    SidebarItem,
    SidebarTrigger,
  } as Record<string, React.ComponentType<unknown>>,
  render: (args) => <SidebarDemo {...args} />,
  args: { onCollapsedChange: fn(), onOpenChange: fn() },
} satisfies Meta<typeof SidebarProvider>

export default meta
type Story = StoryObj<typeof meta>

const getRail = (canvasElement: HTMLElement) =>
  within(canvasElement).getByRole('complementary', { name: 'Sidebar' })
const getToggle = (canvasElement: HTMLElement) =>
  within(canvasElement).getByRole('button', { name: 'Toggle sidebar' })
const widthOf = (element: Element) => Math.round(element.getBoundingClientRect().width)

export const Expanded: Story = {
  play: async ({ canvasElement }) => {
    const rail = getRail(canvasElement)
    const toggle = getToggle(canvasElement)
    await expect(widthOf(rail)).toBe(250)
    await expect(toggle).toHaveAttribute('aria-expanded', 'true')
    await expect(toggle).toHaveAttribute('aria-controls', rail.id)
    const nav = within(rail).getByRole('navigation', { name: 'Main' })
    await expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page')
    await expect(within(nav).getByRole('link', { name: /^Inbox/ })).not.toHaveAttribute('aria-current')
  },
}

export const Collapsed: Story = {
  args: { defaultCollapsed: true },
  play: async ({ canvasElement }) => {
    const rail = getRail(canvasElement)
    await expect(widthOf(rail)).toBe(56)
    await expect(getToggle(canvasElement)).toHaveAttribute('aria-expanded', 'false')
    // Labels stay in the accessible name; on the rail they show as tooltips.
    const reports = within(rail).getByRole('link', { name: 'Reports' })
    await userEvent.hover(reports)
    await expect(await body().findByRole('tooltip')).toHaveTextContent('Reports')
    await movePointerAway(reports)
    await waitFor(() => expect(body().queryByRole('tooltip')).toBeNull())
  },
}

/** On the rail, keyboard focus shows an item's label at once and names it as the link's description. */
export const CollapsedKeyboardFocus: Story = {
  args: { defaultCollapsed: true },
  play: async ({ canvasElement }) => {
    const rail = getRail(canvasElement)
    const dashboard = within(rail).getByRole('link', { name: 'Dashboard' })
    await userEvent.tab() // the logo link
    await userEvent.tab()
    await expect(dashboard).toHaveFocus()
    const tooltip = await body().findByRole('tooltip')
    await expect(tooltip).toHaveTextContent('Dashboard')
    await expect(dashboard).toHaveAttribute('aria-describedby', tooltip.id)
    await userEvent.tab()
    await waitFor(() => expect(body().getByRole('tooltip')).toHaveTextContent('Inbox'))
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(body().queryByRole('tooltip')).toBeNull())
    await expect(within(rail).getByRole('link', { name: /^Inbox/ })).toHaveFocus()
  },
}

export const NoTooltipsWhenExpanded: Story = {
  play: async ({ canvasElement }) => {
    const timers = watchTimers()
    const reports = within(getRail(canvasElement)).getByRole('link', { name: 'Reports' })
    await userEvent.hover(reports)
    // The tooltip's delay runs out as on the rail, and what it set has rendered: the expanded sidebar shows its
    // labels, so no tooltip appears.
    const delay = await waitFor(() => {
      const started = timers.of(DEFAULT_TOOLTIP_DELAY).at(-1)
      if (!started) throw new Error('no tooltip delay was started')
      return started
    })
    await delay.settled
    await expect(body().queryByRole('tooltip')).toBeNull()
    await movePointerAway(reports)
  },
}

const toggleKey = 'storybook:sidebar-toggle'

export const ToggleCollapses: Story = {
  args: { persistKey: toggleKey },
  beforeEach: () => {
    localStorage.removeItem(toggleKey)
    return () => localStorage.removeItem(toggleKey)
  },
  play: async ({ canvasElement, args, step }) => {
    const rail = getRail(canvasElement)
    const toggle = getToggle(canvasElement)
    await step('collapse to the icon rail', async () => {
      await userEvent.click(toggle)
      await expect(toggle).toHaveAttribute('aria-expanded', 'false')
      await waitFor(() => expect(widthOf(rail)).toBe(56))
      await expect(rail).toHaveAttribute('data-state', 'collapsed')
      await expect(localStorage.getItem(toggleKey)).toBe('true')
      await expect(args.onCollapsedChange).toHaveBeenLastCalledWith(true)
    })
    await step('expand again', async () => {
      await userEvent.click(toggle)
      await expect(toggle).toHaveAttribute('aria-expanded', 'true')
      await waitFor(() => expect(widthOf(rail)).toBe(250))
      await expect(localStorage.getItem(toggleKey)).toBe('false')
    })
  },
}

const rememberedKey = 'storybook:sidebar-remembered'

/** A collapsed state remembered from an earlier visit is there on the first paint: no flash, no transition. */
export const RememberedCollapsed: Story = {
  args: { persistKey: rememberedKey },
  beforeEach: () => {
    localStorage.setItem(rememberedKey, 'true')
    return () => localStorage.removeItem(rememberedKey)
  },
  play: async ({ canvasElement }) => {
    const rail = getRail(canvasElement)
    await expect(widthOf(rail)).toBe(56)
    await expect(rail.getAnimations()).toHaveLength(0)
    await expect(getToggle(canvasElement)).toHaveAttribute('aria-expanded', 'false')
  },
}

export const KeyboardShortcut: Story = {
  play: async ({ canvasElement, args }) => {
    const rail = getRail(canvasElement)
    await userEvent.keyboard('{Control>}b{/Control}')
    await waitFor(() => expect(widthOf(rail)).toBe(56))
    await expect(args.onCollapsedChange).toHaveBeenLastCalledWith(true)
    await userEvent.keyboard('{Control>}b{/Control}')
    await waitFor(() => expect(widthOf(rail)).toBe(250))
  },
}

export const CustomShortcutAndWidth: Story = {
  args: { shortcut: 'alt+s', width: 280, collapsedWidth: 64 },
  play: async ({ canvasElement }) => {
    const rail = getRail(canvasElement)
    await expect(widthOf(rail)).toBe(280)
    await userEvent.keyboard('{Control>}b{/Control}')
    await expect(rail).toHaveAttribute('data-state', 'expanded')
    await userEvent.keyboard('{Alt>}s{/Alt}')
    await waitFor(() => expect(widthOf(rail)).toBe(64))
    await userEvent.keyboard('{Alt>}s{/Alt}')
    await waitFor(() => expect(widthOf(rail)).toBe(280))
  },
}

/** A label too long for the sidebar is cut with an ellipsis; pointing at it shows the full text. */
export const LongLabels: Story = {
  render: (args) => <SidebarDemo {...args} withLongLabel />,
  play: async ({ canvasElement }) => {
    const link = within(getRail(canvasElement)).getByRole('link', { name: longLabel })
    const text = link.querySelector('[data-slot=truncated-text]') as HTMLElement
    await expect(getComputedStyle(text).textOverflow).toBe('ellipsis')
    await expect(text.scrollWidth).toBeGreaterThan(text.clientWidth)
    await userEvent.hover(text)
    await expect(text).toHaveAttribute('title', longLabel)
    await movePointerAway(text)
  },
}

export const LongLabelsCollapsed: Story = {
  args: { defaultCollapsed: true },
  render: (args) => <SidebarDemo {...args} withLongLabel />,
  play: async ({ canvasElement }) => {
    const link = within(getRail(canvasElement)).getByRole('link', { name: longLabel })
    await userEvent.hover(link)
    const tooltip = await body().findByRole('tooltip')
    await expect(tooltip).toHaveTextContent(longLabel)
    // The tooltip wraps at 250 px instead of running off the screen.
    const content = document.querySelector('[data-slot=tooltip-content]') as HTMLElement
    await expect(content.getBoundingClientRect().width).toBeLessThanOrEqual(250)
    await movePointerAway(link)
    await waitFor(() => expect(body().queryByRole('tooltip')).toBeNull())
  },
}

export const KeyboardFocus: Story = {
  play: async ({ canvasElement }) => {
    const rail = getRail(canvasElement)
    await userEvent.tab() // the logo link
    await userEvent.tab()
    await expect(within(rail).getByRole('link', { name: 'Dashboard' })).toHaveFocus()
    await userEvent.tab()
    await expect(within(rail).getByRole('link', { name: /^Inbox/ })).toHaveFocus()
  },
}

export const NavigatesWithTheAppRouter: Story = {
  play: async ({ canvasElement }) => {
    const nav = within(getRail(canvasElement)).getByRole('navigation', { name: 'Main' })
    await userEvent.click(within(nav).getByRole('link', { name: 'Projects' }))
    await expect(within(nav).getByRole('link', { name: 'Projects' })).toHaveAttribute('aria-current', 'page')
    await expect(within(nav).getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current')
    await userEvent.click(within(nav).getByRole('link', { name: 'Dashboard' }))
  },
}

export const RightToLeft: Story = {
  globals: { dir: 'rtl' },
  play: async ({ canvasElement }) => {
    const rail = getRail(canvasElement)
    // The sidebar sits at the start edge, which is the right in a right-to-left page.
    await expect(Math.round(rail.getBoundingClientRect().right)).toBe(document.documentElement.clientWidth)
  },
}

export const RightToLeftCollapsed: Story = {
  args: { defaultCollapsed: true },
  globals: { dir: 'rtl' },
  play: async ({ canvasElement }) => {
    const link = within(getRail(canvasElement)).getByRole('link', { name: /^Inbox/ })
    await userEvent.hover(link)
    const tooltip = await body().findByRole('tooltip')
    // The tooltip opens towards the page, to the left of the rail.
    await expect(
      tooltip.closest('[data-side]') ?? document.querySelector('[data-slot=tooltip-content]'),
    ).toHaveAttribute('data-side', 'left')
    await movePointerAway(link)
    await waitFor(() => expect(body().queryByRole('tooltip')).toBeNull())
  },
}

export const Dark: Story = { globals: { theme: 'dark' } }

export const DarkCollapsed: Story = { args: { defaultCollapsed: true }, globals: { theme: 'dark' } }

// Phones: below 768 px the sidebar is a drawer.

export const MobileDrawerClosed: Story = {
  globals: phoneViewport,
  play: async ({ canvasElement }) => {
    const toggle = getToggle(canvasElement)
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await expect(body().queryByRole('dialog')).toBeNull()
    // The desktop rail is not shown on a phone.
    await expect(within(canvasElement).queryByRole('complementary', { name: 'Sidebar' })).toBeNull()
  },
}

const openDrawer = async (canvasElement: HTMLElement) => {
  const toggle = getToggle(canvasElement)
  await userEvent.click(toggle)
  const drawer = await body().findByRole('dialog', { name: 'Sidebar' })
  await expect(toggle).toHaveAttribute('aria-expanded', 'true')
  await expect(toggle).toHaveAttribute('aria-controls', drawer.id)
  return { toggle, drawer }
}

export const MobileDrawerOpen: Story = {
  globals: phoneViewport,
  play: async ({ canvasElement, args }) => {
    const { drawer } = await openDrawer(canvasElement)
    await expect(args.onOpenChange).toHaveBeenLastCalledWith(true)
    // It slides in from the start (left) edge and holds the focus.
    await waitFor(() => expect(Math.round(drawer.getBoundingClientRect().left)).toBe(0))
    await expect(drawer.contains(document.activeElement)).toBe(true)
    await expect(within(drawer).getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'aria-current',
      'page',
    )
    await expect(within(drawer).getByRole('button', { name: 'Close sidebar' })).toBeVisible()
  },
}

export const MobileEscapeCloses: Story = {
  globals: phoneViewport,
  play: async ({ canvasElement }) => {
    const { toggle } = await openDrawer(canvasElement)
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(body().queryByRole('dialog')).toBeNull())
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await expect(toggle).toHaveFocus()
  },
}

export const MobileCloseButton: Story = {
  globals: phoneViewport,
  play: async ({ canvasElement }) => {
    const { toggle, drawer } = await openDrawer(canvasElement)
    const close = within(drawer).getByRole('button', { name: 'Close sidebar' })
    // Reachable by keyboard: Tab cycles inside the drawer (focus is trapped) and gets to it.
    for (let i = 0; i < 12 && document.activeElement !== close; i++) await userEvent.tab()
    await expect(close).toHaveFocus()
    await userEvent.keyboard('{Enter}')
    await waitFor(() => expect(body().queryByRole('dialog')).toBeNull())
    await expect(toggle).toHaveFocus()
  },
}

export const MobileFocusIsTrapped: Story = {
  globals: phoneViewport,
  play: async ({ canvasElement }) => {
    const { drawer } = await openDrawer(canvasElement)
    for (let i = 0; i < 15; i++) {
      await userEvent.tab()
      await expect(drawer.contains(document.activeElement)).toBe(true)
    }
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(body().queryByRole('dialog')).toBeNull())
  },
}

export const MobileItemClosesDrawer: Story = {
  globals: phoneViewport,
  play: async ({ canvasElement }) => {
    const { toggle, drawer } = await openDrawer(canvasElement)
    await userEvent.click(within(drawer).getByRole('link', { name: 'Reports' }))
    await waitFor(() => expect(body().queryByRole('dialog')).toBeNull())
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')
    // The app's router moved on: reopen and see the new current page.
    const reopened = await openDrawer(canvasElement)
    await expect(within(reopened.drawer).getByRole('link', { name: 'Reports' })).toHaveAttribute(
      'aria-current',
      'page',
    )
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(body().queryByRole('dialog')).toBeNull())
  },
}

export const MobileOutsideClickCloses: Story = {
  globals: phoneViewport,
  play: async ({ canvasElement }) => {
    const { toggle } = await openDrawer(canvasElement)
    const overlay = document.querySelector('[data-slot=sheet-overlay]') as HTMLElement
    await userEvent.click(overlay)
    await waitFor(() => expect(body().queryByRole('dialog')).toBeNull())
    await expect(toggle).toHaveFocus()
  },
}

export const MobileShortcutToggles: Story = {
  globals: phoneViewport,
  play: async () => {
    await userEvent.keyboard('{Control>}b{/Control}')
    await body().findByRole('dialog', { name: 'Sidebar' })
    await userEvent.keyboard('{Control>}b{/Control}')
    await waitFor(() => expect(body().queryByRole('dialog')).toBeNull())
  },
}

export const MobileDrawerRightToLeft: Story = {
  globals: { ...phoneViewport, dir: 'rtl' },
  play: async ({ canvasElement }) => {
    const { drawer } = await openDrawer(canvasElement)
    // The start edge is on the right in right-to-left.
    await waitFor(() =>
      expect(Math.round(drawer.getBoundingClientRect().right)).toBe(document.documentElement.clientWidth),
    )
  },
}

export const MobileDrawerDark: Story = {
  globals: { ...phoneViewport, theme: 'dark' },
  play: async ({ canvasElement }) => {
    await openDrawer(canvasElement)
  },
}
