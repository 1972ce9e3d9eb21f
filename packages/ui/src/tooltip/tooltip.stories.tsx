import type { Meta, StoryObj } from '@storybook/react-vite'
import { PencilIcon, PlusIcon } from 'lucide-react'
import { useState } from 'react'
import { expect, fn, userEvent, waitFor, within } from 'storybook/test'
import { Button } from '../button'
import { movePointerAway } from '../demo/pointer'
import { body } from '../demo/story-parts'
import { watchTimers } from '../demo/timers'
import {
  DEFAULT_TOOLTIP_DELAY,
  DEFAULT_TOOLTIP_MAX_WIDTH,
  Tooltip,
  TooltipContent,
  TooltipProvider,
  TooltipTrigger,
} from './tooltip'

const meta = {
  title: 'Primitives/Tooltip',
  component: Tooltip,
  subcomponents: { TooltipTrigger, TooltipContent, TooltipProvider } as Record<
    string,
    React.ComponentType<unknown>
  >,
  parameters: { layout: 'centered' },
  args: { children: 'New project', onOpenChange: fn() },
  render: ({ children, ...args }) => (
    <div className="p-16">
      <Tooltip {...args}>
        <NewProjectButton tip={children} />
      </Tooltip>
    </div>
  ),
} satisfies Meta<typeof Tooltip>

export default meta
type Story = StoryObj<typeof meta>

const trigger = (canvasElement: HTMLElement) =>
  within(canvasElement).getByRole('button', { name: 'New project' })

/** Opens 100 ms after the pointer arrives, describes its trigger while open, and leaves with the pointer. */
export const OnHover: Story = {
  play: async ({ canvasElement, args }) => {
    const button = trigger(canvasElement)
    await expect(DEFAULT_TOOLTIP_DELAY).toBe(100)
    const timers = watchTimers()
    await userEvent.hover(button)
    const tooltip = await body().findByRole('tooltip')
    await expect(tooltip).toHaveTextContent('New project')
    // Opened by a timer of the delay once it ran, not at once.
    await expect(tooltip).toHaveAttribute('data-state', 'delayed-open')
    await expect(timers.of(DEFAULT_TOOLTIP_DELAY).map((timer) => timer.state)).toEqual(['ran'])
    await expect(button).toHaveAttribute('aria-describedby', tooltip.id)
    await expect(button).toHaveAccessibleDescription('New project')
    await expect(args.onOpenChange).toHaveBeenLastCalledWith(true)
    await movePointerAway(button)
    await waitFor(() => expect(body().queryByRole('tooltip')).toBeNull())
    await expect(button).not.toHaveAttribute('aria-describedby')
  },
}

/** Keyboard focus opens it at once; Escape closes it and leaves the focus on the trigger. */
export const OnFocus: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.tab()
    const button = trigger(canvasElement)
    await expect(button).toHaveFocus()
    const content = await body().findByRole('tooltip')
    await expect(content).toHaveTextContent('New project')
    await expect(content).toHaveAttribute('data-state', 'instant-open')
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(body().queryByRole('tooltip')).toBeNull())
    await expect(button).toHaveFocus()
    // Tabbing back brings it again.
    await userEvent.tab({ shift: true })
    await userEvent.tab()
    await expect(await body().findByRole('tooltip')).toHaveTextContent('New project')
  },
}

/** The stories' trigger, an icon button named "New project", and its tooltip saying `tip`. */
function NewProjectButton({ tip }: { tip: React.ReactNode }) {
  return (
    <>
      <TooltipTrigger asChild>
        <Button size="icon" variant="outline" aria-label="New project">
          <PlusIcon aria-hidden />
        </Button>
      </TooltipTrigger>
      <TooltipContent>{tip}</TooltipContent>
    </>
  )
}

/**
 * The tooltip with its state held by the story: Radix then calls `onOpenChange` in the very event that opens
 * or closes it, so a story can tell right after an event that it changed nothing.
 */
function Controlled({ children, onOpenChange, ...args }: React.ComponentProps<typeof Tooltip>) {
  const [open, setOpen] = useState(false)
  return (
    <div className="p-16">
      <Tooltip
        {...args}
        open={open}
        onOpenChange={(next) => {
          onOpenChange?.(next)
          setOpen(next)
        }}
      >
        <NewProjectButton tip={children} />
      </Tooltip>
    </div>
  )
}

/** The `onOpenChange` of the stories that hold the state. */
const openChanges = fn()

/** A click hides it, and the focus the click gives the trigger does not bring it back. */
export const ClickHides: Story = {
  args: { onOpenChange: openChanges },
  render: (args) => <Controlled {...args} />,
  play: async ({ canvasElement }) => {
    const timers = watchTimers()
    const button = trigger(canvasElement)
    await userEvent.hover(button)
    await body().findByRole('tooltip')
    openChanges.mockClear()
    await userEvent.click(button)
    // Closed by the click and not opened again: not by the focus it gave, nor by a delay left running.
    await expect(openChanges.mock.calls).toContainEqual([false])
    await expect(openChanges).not.toHaveBeenCalledWith(true)
    await expect(timers.of(DEFAULT_TOOLTIP_DELAY).filter((timer) => timer.state === 'pending')).toEqual([])
    await waitFor(() => expect(body().queryByRole('tooltip')).toBeNull())
    await expect(button).toHaveFocus()
  },
}

/** The pointer can move onto the tooltip (to read or magnify it) without closing it (WCAG 1.4.13). */
export const HoverableContent: Story = {
  args: { onOpenChange: openChanges },
  render: (args) => <Controlled {...args} />,
  play: async ({ canvasElement }) => {
    const button = trigger(canvasElement)
    await userEvent.hover(button)
    const tooltip = await body().findByRole('tooltip')
    openChanges.mockClear()
    await userEvent.hover(tooltip)
    // Radix closes it in the pointer event that leaves it: none of the move's events did.
    await expect(openChanges).not.toHaveBeenCalled()
    await expect(body().getByRole('tooltip')).toBeVisible()
  },
}

/** Moving from one trigger to the next under one provider opens the next at once, without the delay. */
export const MovingBetweenTriggers: Story = {
  render: () => (
    <TooltipProvider>
      <div className="flex gap-2 p-16">
        <Tooltip>
          <TooltipTrigger asChild>
            <Button size="icon" variant="outline" aria-label="New project">
              <PlusIcon aria-hidden />
            </Button>
          </TooltipTrigger>
          <TooltipContent>New project</TooltipContent>
        </Tooltip>
        <Tooltip>
          <TooltipTrigger asChild>
            <Button size="icon" variant="outline" aria-label="Rename">
              <PencilIcon aria-hidden />
            </Button>
          </TooltipTrigger>
          <TooltipContent>Rename</TooltipContent>
        </Tooltip>
      </div>
    </TooltipProvider>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.hover(canvas.getByRole('button', { name: 'New project' }))
    await expect(await body().findByRole('tooltip')).toHaveAttribute('data-state', 'delayed-open')
    await userEvent.hover(canvas.getByRole('button', { name: 'Rename' }))
    await waitFor(() => expect(body().getByRole('tooltip')).toHaveTextContent('Rename'))
    // One at a time, and the second skipped the delay.
    await expect(body().getAllByRole('tooltip')).toHaveLength(1)
    await expect(body().getByRole('tooltip')).toHaveAttribute('data-state', 'instant-open')
  },
}

const longText =
  'Creates a project in the current workspace. Everyone in the workspace can see it; you can change who has access later.'

/** Long text wraps at 250 px. */
export const LongText: Story = {
  args: { children: longText, defaultOpen: true },
  play: async () => {
    const content = await body().findByRole('tooltip')
    await expect(content.getBoundingClientRect().width).toBeLessThanOrEqual(DEFAULT_TOOLTIP_MAX_WIDTH)
    await expect(content.getBoundingClientRect().height).toBeGreaterThan(30)
  },
}

/** `maxWidth` narrows one tooltip; `side` puts it below its trigger. */
export const SideAndWidth: Story = {
  args: { defaultOpen: true },
  render: (args) => (
    <div className="p-16">
      <Tooltip {...args}>
        <TooltipTrigger asChild>
          <Button variant="outline">Share</Button>
        </TooltipTrigger>
        <TooltipContent side="bottom" maxWidth={160}>
          Anyone with the link can view this project.
        </TooltipContent>
      </Tooltip>
    </div>
  ),
  play: async ({ canvasElement }) => {
    const content = await body().findByRole('tooltip')
    await expect(content).toHaveAttribute('data-side', 'bottom')
    await expect(content.getBoundingClientRect().width).toBeLessThanOrEqual(160)
    const button = within(canvasElement).getByRole('button', { name: 'Share' })
    await expect(content.getBoundingClientRect().top).toBeGreaterThan(button.getBoundingClientRect().bottom)
  },
}

export const RightToLeft: Story = {
  args: { defaultOpen: true, children: 'مشروع جديد' },
  globals: { dir: 'rtl' },
  play: async () => {
    await expect(await body().findByRole('tooltip')).toHaveTextContent('مشروع جديد')
  },
}

/** Only the colour variables change: the label is drawn in the page's foreground colour, light on dark. */
export const Dark: Story = { args: { defaultOpen: true }, globals: { theme: 'dark' } }
