import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, within } from 'storybook/test'
import { DemoLink, DemoRouter } from '../demo/demo-app'
import { body } from '../demo/story-parts'
import { NotificationBell } from './notification-bell'

const meta = {
  title: 'Shell/NotificationBell',
  component: NotificationBell,
  args: { href: '#notifications', count: 3 },
  parameters: { layout: 'centered' },
  decorators: [
    (Story) => (
      <div className="p-8">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof NotificationBell>

export default meta
type Story = StoryObj<typeof meta>

const bell = (canvasElement: HTMLElement) =>
  within(canvasElement).getByRole('link', { name: /^Notifications/ })
/** The number the badge shows, or null when there is no badge. */
const badgeText = (canvasElement: HTMLElement) =>
  canvasElement.querySelector('[data-slot=notification-bell-badge]')?.textContent ?? null

export const NoUnread: Story = {
  args: { count: 0 },
  play: async ({ canvasElement }) => {
    await expect(bell(canvasElement)).toHaveAccessibleName('Notifications')
    await expect(badgeText(canvasElement)).toBeNull()
  },
}

export const OneUnread: Story = {
  args: { count: 1 },
  play: async ({ canvasElement }) => {
    await expect(bell(canvasElement)).toHaveAccessibleName('Notifications, 1 unread')
    await expect(badgeText(canvasElement)).toBe('1')
  },
}

export const NinetyNineUnread: Story = {
  args: { count: 99 },
  play: async ({ canvasElement }) => {
    await expect(bell(canvasElement)).toHaveAccessibleName('Notifications, 99 unread')
    await expect(badgeText(canvasElement)).toBe('99')
  },
}

export const HundredUnread: Story = {
  args: { count: 100 },
  play: async ({ canvasElement }) => {
    await expect(bell(canvasElement)).toHaveAccessibleName('Notifications, 100 unread')
    await expect(badgeText(canvasElement)).toBe('99+')
  },
}

export const HundredThousandUnread: Story = {
  args: { count: 100000 },
  play: async ({ canvasElement }) => {
    await expect(bell(canvasElement)).toHaveAccessibleName('Notifications, 100000 unread')
    await expect(badgeText(canvasElement)).toBe('99+')
  },
}

/** The visible name shows as a tooltip on hover and keyboard focus. */
export const VisibleName: Story = {
  args: { count: 120 },
  play: async ({ canvasElement }) => {
    await userEvent.tab()
    await expect(bell(canvasElement)).toHaveFocus()
    await expect(await body().findByRole('tooltip')).toHaveTextContent('Notifications')
  },
}

/** The app's router link through `asChild`; the bell keeps the link's own props. */
export const WithRouterLink: Story = {
  args: { count: 7, asChild: true },
  render: ({ href: _href, ...args }) => (
    <DemoRouter>
      <NotificationBell {...args}>
        <DemoLink to="/notifications" />
      </NotificationBell>
    </DemoRouter>
  ),
  play: async ({ canvasElement }) => {
    const link = bell(canvasElement)
    await expect(link).toHaveAttribute('href', '/notifications')
    await expect(link).toHaveAccessibleName('Notifications, 7 unread')
  },
}

/** Every string is a prop, so an app can translate it. */
export const Translated: Story = {
  args: {
    count: 5,
    label: '通知',
    formatLabel: (label: string, count: number) => (count > 0 ? `${label}，${count} 条未读` : label),
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('link')).toHaveAccessibleName('通知，5 条未读')
  },
}

export const RightToLeft: Story = { args: { count: 100 }, globals: { dir: 'rtl' } }

export const Dark: Story = { args: { count: 42 }, globals: { theme: 'dark' } }
