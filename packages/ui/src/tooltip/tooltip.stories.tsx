import type { Meta, StoryObj } from '@storybook/react-vite'
import { PlusIcon } from 'lucide-react'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { Button } from '../button'
import { Tooltip, TooltipContent, TooltipProvider, TooltipTrigger } from './tooltip'

const meta = {
  title: 'Primitives/Tooltip',
  component: Tooltip,
  subcomponents: { TooltipTrigger, TooltipContent, TooltipProvider } as Record<
    string,
    React.ComponentType<unknown>
  >,
  parameters: { layout: 'centered' },
  args: { children: 'New project' },
  render: ({ children, ...args }) => (
    <div className="p-16">
      <Tooltip {...args}>
        <TooltipTrigger asChild>
          <Button size="icon" variant="outline" aria-label="New project">
            <PlusIcon aria-hidden />
          </Button>
        </TooltipTrigger>
        <TooltipContent>{children}</TooltipContent>
      </Tooltip>
    </div>
  ),
} satisfies Meta<typeof Tooltip>

export default meta
type Story = StoryObj<typeof meta>

const body = () => within(document.body)

/** Opens after 100 ms on hover, at once on keyboard focus. */
export const OnHover: Story = {
  play: async ({ canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: 'New project' })
    const started = performance.now()
    await userEvent.hover(button)
    await expect(await body().findByRole('tooltip')).toHaveTextContent('New project')
    await expect(performance.now() - started).toBeGreaterThanOrEqual(90)
    await userEvent.unhover(button)
    await waitFor(() => expect(body().queryByRole('tooltip')).toBeNull())
  },
}

export const OnFocus: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.tab()
    await expect(within(canvasElement).getByRole('button', { name: 'New project' })).toHaveFocus()
    await expect(await body().findByRole('tooltip')).toHaveTextContent('New project')
  },
}

const longText =
  'Creates a project in the current workspace. Everyone in the workspace can see it; you can change who has access later.'

/** Long text wraps at 250 px. */
export const LongText: Story = {
  args: { children: longText, defaultOpen: true },
  play: async () => {
    await body().findByRole('tooltip')
    const content = document.querySelector('[data-slot=tooltip-content]') as HTMLElement
    await expect(content.getBoundingClientRect().width).toBeLessThanOrEqual(250)
    await expect(content.getBoundingClientRect().height).toBeGreaterThan(30)
  },
}

export const RightToLeft: Story = {
  args: { defaultOpen: true, children: 'مشروع جديد' },
  globals: { dir: 'rtl' },
}

export const Dark: Story = { args: { defaultOpen: true }, globals: { theme: 'dark' } }
