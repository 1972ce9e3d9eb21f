import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, waitFor, within } from 'storybook/test'
import { demoUser } from '../demo/demo-app'
import { Avatar, AvatarFallback, AvatarImage, initialsOf } from './avatar'

const meta = {
  title: 'Primitives/Avatar',
  component: Avatar,
  subcomponents: { AvatarImage, AvatarFallback } as Record<string, React.ComponentType<unknown>>,
  parameters: { layout: 'centered' },
  render: (args) => (
    <div className="flex items-center gap-4 p-6">
      <Avatar {...args}>
        <AvatarImage src={demoUser.image} alt={demoUser.name} />
        <AvatarFallback>{initialsOf(demoUser.name)}</AvatarFallback>
      </Avatar>
      <Avatar {...args}>
        <AvatarFallback>{initialsOf('Grace Hopper')}</AvatarFallback>
      </Avatar>
      <Avatar {...args}>
        <AvatarFallback>{initialsOf('محمد علي')}</AvatarFallback>
      </Avatar>
    </div>
  ),
} satisfies Meta<typeof Avatar>

export default meta
type Story = StoryObj<typeof meta>

export const ImageAndInitials: Story = {
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(within(canvasElement).getByRole('img', { name: demoUser.name })).toBeVisible())
    await expect(canvasElement).toHaveTextContent('GH')
    await expect(initialsOf('  plato ')).toBe('P')
    await expect(initialsOf('')).toBe('')
  },
}

export const Small: Story = { args: { size: 'sm' } }

export const Large: Story = { args: { size: 'lg' } }

export const Dark: Story = { globals: { theme: 'dark' } }
