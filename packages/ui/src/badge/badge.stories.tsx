import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, within } from 'storybook/test'
import { Badge } from './badge'

const meta = {
  title: 'Primitives/Badge',
  component: Badge,
  args: { children: 'New' },
  parameters: { layout: 'centered' },
} satisfies Meta<typeof Badge>

export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {}

export const Variants: Story = {
  render: () => (
    <div className="flex items-center gap-2 p-6">
      <Badge>Default</Badge>
      <Badge variant="secondary">Secondary</Badge>
      <Badge variant="destructive">Failed</Badge>
      <Badge variant="outline">Outline</Badge>
    </div>
  ),
}

const counts = [0, 1, 99, 100, 100000]

/** Counts 0, 1, 99, 100 and 100000: hidden at 0, capped at `99+`. */
export const Counts: Story = {
  render: () => (
    <ul className="flex items-center gap-6 p-6">
      {counts.map((count) => (
        <li key={count} className="flex flex-col items-center gap-2 text-xs text-muted-foreground">
          <span>{count}</span>
          <span className="flex h-6 items-center" data-testid={`badge-${count}`}>
            <Badge variant="destructive" count={count} />
          </span>
        </li>
      ))}
    </ul>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByTestId('badge-0')).toBeEmptyDOMElement()
    await expect(canvas.getByTestId('badge-1')).toHaveTextContent(/^1$/)
    await expect(canvas.getByTestId('badge-99')).toHaveTextContent(/^99$/)
    await expect(canvas.getByTestId('badge-100')).toHaveTextContent(/^99\+$/)
    await expect(canvas.getByTestId('badge-100000')).toHaveTextContent(/^99\+$/)
  },
}

export const CustomMax: Story = {
  args: { count: 1200, max: 999, variant: 'secondary' },
  play: async ({ canvasElement }) => {
    await expect(canvasElement).toHaveTextContent('999+')
  },
}
