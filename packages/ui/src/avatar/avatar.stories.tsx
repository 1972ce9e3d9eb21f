import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, waitFor, within } from 'storybook/test'
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

const onBrokenImageStatus = fn()

/** A picture that fails to load never shows as a broken icon: the initials stay, and the status is reported. */
export const BrokenImage: Story = {
  render: (args) => (
    <div className="p-6">
      <Avatar {...args} data-testid="avatar">
        <AvatarImage
          src="data:image/png;base64,broken"
          alt="Ada Lovelace"
          onLoadingStatusChange={onBrokenImageStatus}
        />
        <AvatarFallback>{initialsOf('Ada Lovelace')}</AvatarFallback>
      </Avatar>
    </div>
  ),
  play: async ({ canvasElement }) => {
    const avatar = within(canvasElement).getByTestId('avatar')
    await waitFor(() => expect(onBrokenImageStatus).toHaveBeenLastCalledWith('error'))
    await expect(avatar).toHaveTextContent('AL')
    await expect(within(avatar).queryByRole('img')).toBeNull()
  },
}

export const Small: Story = { args: { size: 'sm' } }

export const Large: Story = { args: { size: 'lg' } }

export const Dark: Story = { globals: { theme: 'dark' } }
