import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, waitFor, within } from 'storybook/test'
import { DemoHeader, DemoPage, DemoRouter, DemoSidebar } from '../demo/demo-app'
import { body, phoneViewport } from '../demo/story-parts'
import { Toaster, toast } from '../toast'
import { AppShell, type AppShellProps } from './app-shell'

/** Everything together: a router-driven sidebar, the header with bell and account menu, a page, toasts. */
function Shell({ count, initialPath, ...props }: AppShellProps & { count?: number; initialPath?: string }) {
  return (
    <DemoRouter initialPath={initialPath}>
      <AppShell {...props} sidebar={<DemoSidebar />} header={<DemoHeader count={count} />}>
        <DemoPage />
      </AppShell>
      <Toaster dir={props.dir} />
    </DemoRouter>
  )
}

const meta = {
  title: 'Shell/AppShell',
  component: AppShell,
  args: { onCollapsedChange: fn(), onOpenChange: fn() },
  render: (args) => <Shell {...args} />,
} satisfies Meta<typeof AppShell>

export default meta
type Story = StoryObj<typeof meta>

export const Desktop: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const sidebar = canvas.getByRole('complementary', { name: 'Sidebar' })
    const header = canvas.getByRole('banner')
    await expect(Math.round(sidebar.getBoundingClientRect().width)).toBe(250)
    await expect(Math.round(header.getBoundingClientRect().height)).toBe(74)
    await expect(canvas.getByRole('main')).toBeVisible()
    await expect(within(sidebar).getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'aria-current',
      'page',
    )
    await expect(within(header).getByRole('heading', { name: 'Dashboard' })).toBeVisible()
    await expect(within(header).getByRole('link', { name: 'Notifications, 3 unread' })).toBeVisible()
  },
}

export const DesktopCollapsed: Story = {
  args: { defaultCollapsed: true },
  play: async ({ canvasElement }) => {
    const sidebar = within(canvasElement).getByRole('complementary', { name: 'Sidebar' })
    await expect(Math.round(sidebar.getBoundingClientRect().width)).toBe(56)
  },
}

/** Navigating from the sidebar updates the current item and the page (through the app's router). */
export const Navigation: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const sidebar = canvas.getByRole('complementary', { name: 'Sidebar' })
    await userEvent.click(within(sidebar).getByRole('link', { name: 'Reports' }))
    await expect(within(sidebar).getByRole('link', { name: 'Reports' })).toHaveAttribute(
      'aria-current',
      'page',
    )
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent('Reports')
  },
}

/** The first Tab stop is a skip link to the page. */
export const SkipLink: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.tab()
    const skip = within(canvasElement).getByRole('link', { name: 'Skip to content' })
    await expect(skip).toHaveFocus()
    await expect(skip).toBeVisible()
    await userEvent.keyboard('{Enter}')
    await waitFor(() => expect(within(canvasElement).getByRole('main')).toHaveFocus())
  },
}

export const ToastFromThePage: Story = {
  tags: ['no-visual'],
  render: (args) => (
    <DemoRouter>
      <AppShell {...args} sidebar={<DemoSidebar />} header={<DemoHeader />}>
        <div className="p-8">
          <button
            type="button"
            className="rounded-md bg-primary px-4 py-2 text-sm font-medium text-primary-foreground"
            onClick={() => toast.success('Report exported')}
          >
            Export
          </button>
        </div>
      </AppShell>
      <Toaster />
    </DemoRouter>
  ),
  play: async ({ canvasElement }) => {
    toast.dismiss()
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Export' }))
    await expect(await body().findByText('Report exported')).toBeVisible()
    await waitFor(() => expect(body().queryByText('Report exported')).toBeNull(), { timeout: 4000 })
  },
}

export const ManyUnread: Story = {
  render: (args) => <Shell {...args} count={120} />,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('link', { name: 'Notifications, 120 unread' })).toBeVisible()
  },
}

export const Dark: Story = { globals: { theme: 'dark' } }

export const RightToLeft: Story = {
  args: { dir: 'rtl' },
  globals: { dir: 'rtl' },
  play: async ({ canvasElement }) => {
    const sidebar = within(canvasElement).getByRole('complementary', { name: 'Sidebar' })
    await expect(Math.round(sidebar.getBoundingClientRect().right)).toBe(document.documentElement.clientWidth)
  },
}

export const DarkRightToLeftCollapsed: Story = {
  args: { dir: 'rtl', defaultCollapsed: true },
  globals: { dir: 'rtl', theme: 'dark' },
}

export const Mobile: Story = {
  globals: phoneViewport,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.queryByRole('complementary', { name: 'Sidebar' })).toBeNull()
    await expect(canvas.getByRole('button', { name: 'Toggle sidebar' })).toHaveAttribute(
      'aria-expanded',
      'false',
    )
    await expect(canvas.getByRole('link', { name: 'Notifications, 3 unread' })).toBeVisible()
  },
}

export const MobileDrawerOpen: Story = {
  globals: phoneViewport,
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Toggle sidebar' }))
    const drawer = await body().findByRole('dialog', { name: 'Sidebar' })
    await expect(within(drawer).getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'aria-current',
      'page',
    )
  },
}

export const MobileNavigationClosesDrawer: Story = {
  globals: phoneViewport,
  play: async ({ canvasElement }) => {
    const toggle = within(canvasElement).getByRole('button', { name: 'Toggle sidebar' })
    await userEvent.click(toggle)
    const drawer = await body().findByRole('dialog', { name: 'Sidebar' })
    await userEvent.click(within(drawer).getByRole('link', { name: 'Projects' }))
    await waitFor(() => expect(body().queryByRole('dialog')).toBeNull())
    await expect(within(canvasElement).getByRole('heading', { level: 1 })).toHaveTextContent('Projects')
    await expect(toggle).toHaveFocus()
  },
}

export const MobileDark: Story = { globals: { ...phoneViewport, theme: 'dark' } }

export const MobileRightToLeft: Story = {
  args: { dir: 'rtl' },
  globals: { ...phoneViewport, dir: 'rtl' },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Toggle sidebar' }))
    const drawer = await body().findByRole('dialog', { name: 'Sidebar' })
    await waitFor(() =>
      expect(Math.round(drawer.getBoundingClientRect().right)).toBe(document.documentElement.clientWidth),
    )
  },
}
