import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, within } from 'storybook/test'
import { Skeleton } from './skeleton'

const meta = {
  title: 'Primitives/Skeleton',
  component: Skeleton,
  parameters: { layout: 'centered' },
  render: (args) => (
    <div
      aria-busy="true"
      aria-label="Loading the profile"
      role="status"
      className="flex w-80 items-center gap-4 p-6"
    >
      <Skeleton {...args} className="size-12 rounded-full" />
      <div className="flex flex-1 flex-col gap-2">
        <Skeleton {...args} className="h-4 w-3/4" />
        <Skeleton {...args} className="h-4 w-1/2" />
      </div>
    </div>
  ),
} satisfies Meta<typeof Skeleton>

export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status', { name: 'Loading the profile' })).toBeVisible()
    // No class merging: a class passed in replaces the default it conflicts with, by stylesheet order.
    const [avatar, line] = Array.from(canvasElement.querySelectorAll<HTMLElement>('[data-slot=skeleton]'))
    await expect(getComputedStyle(avatar as HTMLElement).borderRadius).not.toBe(
      getComputedStyle(line as HTMLElement).borderRadius,
    )
    await expect(
      Number.parseFloat(getComputedStyle(avatar as HTMLElement).borderRadius),
    ).toBeGreaterThanOrEqual(24)
  },
}

export const Dark: Story = { globals: { theme: 'dark' } }
