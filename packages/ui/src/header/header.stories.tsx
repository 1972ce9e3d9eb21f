import type { Meta, StoryObj } from '@storybook/react-vite'
import { SearchIcon } from 'lucide-react'
import { expect, within } from 'storybook/test'
import { Button } from '../button'
import { DemoAvatarMenu, DemoLink, DemoRouter, DemoSidebar } from '../demo/demo-app'
import { phoneViewport } from '../demo/story-parts'
import { NotificationBell } from '../notification-bell'
import { SidebarProvider } from '../sidebar'
import { Header, HeaderTitle } from './header'

const actions = (
  <>
    <NotificationBell asChild count={8}>
      <DemoLink to="/notifications" />
    </NotificationBell>
    <DemoAvatarMenu />
  </>
)

const meta = {
  title: 'Shell/Header',
  component: Header,
  subcomponents: { HeaderTitle } as Record<string, React.ComponentType<unknown>>,
  args: { actions },
  decorators: [
    (Story) => (
      <DemoRouter>
        <SidebarProvider>
          <DemoSidebar />
          <div className="flex min-w-0 flex-1 flex-col">
            <Story />
          </div>
        </SidebarProvider>
      </DemoRouter>
    ),
  ],
  render: (args) => (
    <Header {...args}>
      <HeaderTitle>Dashboard</HeaderTitle>
    </Header>
  ),
} satisfies Meta<typeof Header>

export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const header = within(canvasElement).getByRole('banner')
    await expect(Math.round(header.getBoundingClientRect().height)).toBe(74)
    const toggle = within(header).getByRole('button', { name: 'Toggle sidebar' })
    await expect(toggle).toHaveAttribute('aria-expanded', 'true')
    await expect(toggle).toHaveAttribute('aria-controls')
    await expect(within(header).getByRole('link', { name: 'Notifications, 8 unread' })).toBeVisible()
    await expect(within(header).getByRole('button', { name: /^Account menu/ })).toBeVisible()
  },
}

const longTitle =
  'Quarterly revenue by region, product line and sales channel, compared with the same quarter of last year and with the plan agreed in January'

export const LongTitle: Story = {
  render: (args) => (
    <Header {...args}>
      <HeaderTitle title={longTitle}>{longTitle}</HeaderTitle>
    </Header>
  ),
  play: async ({ canvasElement }) => {
    const title = within(canvasElement).getByRole('heading', { level: 1 })
    await expect(getComputedStyle(title).textOverflow).toBe('ellipsis')
    await expect(title.scrollWidth).toBeGreaterThan(title.clientWidth)
  },
}

export const WithSearch: Story = {
  render: (args) => (
    <Header {...args}>
      <HeaderTitle className="hidden sm:block">Projects</HeaderTitle>
      <Button variant="outline" size="sm" className="ms-auto w-56 justify-start text-muted-foreground">
        <SearchIcon aria-hidden />
        Search…
      </Button>
    </Header>
  ),
}

export const CustomHeight: Story = {
  args: { height: 56 },
  play: async ({ canvasElement }) => {
    await expect(Math.round(within(canvasElement).getByRole('banner').getBoundingClientRect().height)).toBe(
      56,
    )
  },
}

export const WithoutSidebarToggle: Story = {
  args: { showTrigger: false },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('button', { name: 'Toggle sidebar' })).toBeNull()
  },
}

export const RightToLeft: Story = { globals: { dir: 'rtl' } }

export const Dark: Story = { globals: { theme: 'dark' } }

export const Mobile: Story = {
  globals: phoneViewport,
  play: async ({ canvasElement }) => {
    const toggle = within(canvasElement).getByRole('button', { name: 'Toggle sidebar' })
    // On a phone the toggle opens the drawer, which starts closed.
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')
  },
}
