import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { Button } from '../button'
import { body } from '../demo/story-parts'
import { Sheet, SheetContent, SheetDescription, SheetTitle, SheetTrigger } from './sheet'

const meta = {
  title: 'Primitives/Sheet',
  component: SheetContent,
  args: { side: 'start' },
  parameters: { layout: 'centered' },
  render: (args) => (
    <Sheet>
      <SheetTrigger asChild>
        <Button variant="outline">Open filters</Button>
      </SheetTrigger>
      <SheetContent {...args} className="gap-2 p-6">
        <SheetTitle className="text-lg font-semibold">Filters</SheetTitle>
        <SheetDescription className="text-sm text-muted-foreground">Narrow the list down.</SheetDescription>
      </SheetContent>
    </Sheet>
  ),
} satisfies Meta<typeof SheetContent>

export default meta
type Story = StoryObj<typeof meta>

const open = async (canvasElement: HTMLElement) => {
  await userEvent.click(within(canvasElement).getByRole('button', { name: 'Open filters' }))
  return body().findByRole('dialog', { name: 'Filters' })
}
const viewportWidth = () => document.documentElement.clientWidth

export const FromStart: Story = {
  play: async ({ canvasElement }) => {
    const sheet = await open(canvasElement)
    await waitFor(() => expect(Math.round(sheet.getBoundingClientRect().left)).toBe(0))
  },
}

export const FromEnd: Story = {
  args: { side: 'end' },
  play: async ({ canvasElement }) => {
    const sheet = await open(canvasElement)
    await waitFor(() => expect(Math.round(sheet.getBoundingClientRect().right)).toBe(viewportWidth()))
  },
}

/** In right-to-left the start edge is the right one. */
export const FromStartRightToLeft: Story = {
  globals: { dir: 'rtl' },
  play: async ({ canvasElement }) => {
    const sheet = await open(canvasElement)
    await waitFor(() => expect(Math.round(sheet.getBoundingClientRect().right)).toBe(viewportWidth()))
  },
}

export const Dark: Story = {
  globals: { theme: 'dark' },
  play: async ({ canvasElement }) => {
    await open(canvasElement)
  },
}
