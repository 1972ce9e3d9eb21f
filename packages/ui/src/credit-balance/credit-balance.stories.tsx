import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, within } from 'storybook/test'
import { DemoAvatarMenu, DemoLink, DemoRouter, DemoSidebar } from '../demo/demo-app'
import { phoneViewport } from '../demo/story-parts'
import { Header } from '../header'
import { NotificationBell } from '../notification-bell'
import { SidebarProvider } from '../sidebar'
import { WorkspaceSwitcher } from '../workspace-switcher'
import { CreditBalance } from './credit-balance'

const meta = {
  title: 'Shell/CreditBalance',
  component: CreditBalance,
  args: { href: '#pricing', amount: '5 credits', shortAmount: '5', label: '5 credits, your balance' },
  parameters: { layout: 'centered' },
  decorators: [
    (Story) => (
      <div className="p-8">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof CreditBalance>

export default meta
type Story = StoryObj<typeof meta>

const link = (canvasElement: HTMLElement) => within(canvasElement).getByRole('link')

/** The person's own workspace: the amount alone, the name saying it is theirs. */
export const Personal: Story = {
  play: async ({ canvasElement }) => {
    await expect(link(canvasElement)).toHaveAccessibleName('5 credits, your balance')
    await expect(link(canvasElement)).toHaveTextContent('5 credits')
  },
}

/** A team's workspace: the team's name before its amount. */
export const Team: Story = {
  args: {
    owner: 'Acme',
    amount: '120 credits',
    shortAmount: '120',
    label: "Acme · 120 credits, the team's balance",
  },
  play: async ({ canvasElement }) => {
    await expect(link(canvasElement)).toHaveAccessibleName("Acme · 120 credits, the team's balance")
    await expect(within(canvasElement).getByText('Acme')).toBeVisible()
  },
}

const longName = 'The Northern Hemisphere Regional Marketing and Communications Department'

/** A long team name is cut on screen, shown whole on hover, and said whole. */
export const LongTeamName: Story = {
  args: {
    owner: longName,
    amount: '1,250 credits',
    shortAmount: '1,250',
    label: `${longName} · 1,250 credits`,
  },
  play: async ({ canvasElement }) => {
    await expect(link(canvasElement)).toHaveAccessibleName(`${longName} · 1,250 credits`)
    const owner = canvasElement.querySelector<HTMLElement>('[data-slot=credit-balance-owner]')
    await expect(owner).not.toBeNull()
    if (!owner) return
    await expect(owner.scrollWidth).toBeGreaterThan(owner.clientWidth)
    await userEvent.hover(owner)
    await expect(owner).toHaveAttribute('title', longName)
  },
}

/** Below three credits: framed in the warning colour, and said in the name. */
export const Low: Story = {
  args: { owner: 'Acme', amount: '2 credits', shortAmount: '2', low: true, label: 'Acme · 2 credits, low' },
  play: async ({ canvasElement }) => {
    await expect(link(canvasElement)).toHaveAttribute('data-low', 'true')
  },
}

/** The app's router link through `asChild`; without a `label` the name is the owner and the amount. */
export const WithRouterLink: Story = {
  args: { asChild: true, owner: 'Acme', amount: '120 credits', label: undefined },
  render: ({ href: _href, ...args }) => (
    <DemoRouter>
      <CreditBalance {...args}>
        <DemoLink to="/pricing-plans" />
      </CreditBalance>
    </DemoRouter>
  ),
  play: async ({ canvasElement }) => {
    await expect(link(canvasElement)).toHaveAttribute('href', '/pricing-plans')
    await expect(link(canvasElement)).toHaveAccessibleName('Acme · 120 credits')
  },
}

export const Chinese: Story = {
  args: {
    owner: '北风工作室',
    amount: '120 点数',
    shortAmount: '120',
    label: '北风工作室 · 120 点数，团队的余额',
  },
  play: async ({ canvasElement }) => {
    await expect(link(canvasElement)).toHaveAccessibleName('北风工作室 · 120 点数，团队的余额')
  },
}

export const RightToLeft: Story = {
  args: { owner: 'Acme', amount: '120 credits', shortAmount: '120', label: undefined },
  globals: { dir: 'rtl' },
}

export const Dark: Story = {
  args: { owner: 'Acme', amount: '2 credits', shortAmount: '2', low: true, label: 'Acme · 2 credits, low' },
  globals: { theme: 'dark' },
}

/**
 * In the header of a phone, 390 px wide, beside the workspace switcher, the bell and the account menu: a long team
 * name is cut so that nothing overflows the screen.
 */
export const InThePhoneHeader: Story = {
  globals: phoneViewport,
  parameters: { layout: 'fullscreen' },
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
  args: {
    owner: longName,
    amount: '1,250 credits',
    shortAmount: '1,250',
    label: `${longName} · 1,250 credits`,
  },
  render: ({ href: _href, ...args }) => (
    <Header
      actions={
        <>
          <WorkspaceSwitcher
            workspaces={[{ id: 'team', name: longName, detail: 'Admin' }]}
            value="team"
            onValueChange={() => {}}
          />
          <CreditBalance {...args} asChild>
            <DemoLink to="/pricing-plans" />
          </CreditBalance>
          <NotificationBell asChild count={3}>
            <DemoLink to="/notifications" />
          </NotificationBell>
          <DemoAvatarMenu />
        </>
      }
    />
  ),
  play: async ({ canvasElement }) => {
    const header = within(canvasElement).getByRole('banner')
    await expect(header.scrollWidth).toBeLessThanOrEqual(header.clientWidth)
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth)
    await expect(within(header).getByRole('link', { name: `${longName} · 1,250 credits` })).toBeVisible()
  },
}
