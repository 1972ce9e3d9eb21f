import type { Meta, StoryObj } from '@storybook/react-vite'
import { useEffect } from 'react'
import { expect, fireEvent, userEvent, waitFor, within } from 'storybook/test'
import { Button } from '../button'
import { body, phoneViewport } from '../demo/story-parts'
import { watchTimers } from '../demo/timers'
import { DEFAULT_TOAST_DURATION, Toaster } from './toast'
import { toast } from './toast-store'

const meta = {
  title: 'Shell/Toast',
  component: Toaster,
  parameters: { layout: 'fullscreen' },
  beforeEach: () => {
    toast.dismiss()
  },
  render: (args) => (
    <div className="flex min-h-[28rem] items-end justify-center gap-2 p-8">
      <Toaster {...args} />
      <Button onClick={() => toast.success('Changes saved')}>Save</Button>
      <Button variant="outline" onClick={() => toast(`Message ${++counter}`)}>
        Show a message
      </Button>
    </div>
  ),
} satisfies Meta<typeof Toaster>

export default meta
type Story = StoryObj<typeof meta>

let counter = 0

/** The toasts in view (a dismissed one leaves the DOM at once: the tests run with reduced motion). */
const inView = () => Array.from(document.querySelectorAll<HTMLElement>('[data-slot=toast][data-state=open]'))
const toastWith = (text: string) =>
  body().getByText(text).closest<HTMLElement>('[data-slot=toast]') as HTMLElement

/** A toast appears 10 px from the top, in the middle, and leaves by itself when its 2 s have run. */
export const LeavesAfterTwoSeconds: Story = {
  tags: ['no-visual'],
  play: async ({ canvasElement }) => {
    const timers = watchTimers()
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Save' }))
    const item = toastWith('Changes saved')
    await waitFor(() => expect(Math.round(item.getBoundingClientRect().top)).toBe(10))
    const { left, right } = item.getBoundingClientRect()
    await expect(Math.abs(left + right - window.innerWidth)).toBeLessThanOrEqual(2)
    // Its time is a timer of the Toaster's duration, and it leaves when that timer has run, not before.
    await expect(DEFAULT_TOAST_DURATION).toBe(2000)
    const time = await waitFor(() => {
      const started = timers.of(DEFAULT_TOAST_DURATION).at(-1)
      if (!started) throw new Error('no timer of the duration was set')
      return started
    })
    await waitFor(() => expect(body().queryByText('Changes saved')).toBeNull(), {
      timeout: 10_000,
    })
    await expect(time.state).toBe('ran')
  },
}

/** Screen readers hear each toast: Radix speaks it through a live region (polite; errors assertive). */
export const AnnouncedToScreenReaders: Story = {
  tags: ['no-visual'],
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Save' }))
    await waitFor(() => {
      const live = Array.from(document.querySelectorAll('[role=status][aria-live=polite]'))
      expect(live.some((el) => el.textContent?.includes('Changes saved'))).toBe(true)
    })
    toast.error('Could not reach the server')
    await waitFor(() => {
      const live = Array.from(document.querySelectorAll('[role=status][aria-live=assertive]'))
      expect(live.some((el) => el.textContent?.includes('Could not reach the server'))).toBe(true)
    })
  },
}

/** Never more than 3 in view: a 4th makes the oldest leave; they all leave by themselves. */
export const StackingPastThree: Story = {
  tags: ['no-visual'],
  play: async ({ canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Show a message' })
    const first = counter + 1
    for (let i = 0; i < 3; i++) await userEvent.click(button)
    await waitFor(() => expect(inView()).toHaveLength(3))
    await userEvent.click(button)
    await waitFor(() => expect(body().queryByText(`Message ${first}`)).toBeNull())
    await expect(inView()).toHaveLength(3)
    await expect(body().getByText(`Message ${first + 3}`)).toBeVisible()
    await waitFor(() => expect(inView()).toHaveLength(0), { timeout: 5000 })
  },
}

/** A toast that would not run out before a story's pointer or focus reaches it, however busy the machine. */
const LONG = 60_000

/**
 * Does `act` until `heard` holds: the toasts listen for the pointer and the focus from the render after the
 * first one shows, so what happens before then goes unheard.
 */
async function untilHeard(act: () => unknown, heard: () => unknown) {
  await waitFor(
    async () => {
      await act()
      await heard()
    },
    { timeout: 5000 },
  )
}

/**
 * Shows a toast that stays `LONG` with its timers watched: the toast, the countdown it set, and a check that
 * no countdown of it runs.
 */
async function watchedToast() {
  const timers = watchTimers()
  toast.success('Changes saved', { duration: LONG })
  const item = await waitFor(() => toastWith('Changes saved'))
  const [time] = timers.of(LONG)
  if (!time) throw new Error('the toast set no timer of its duration')
  const stopped = () => expect(timers.like(time).filter((timer) => timer.state === 'pending')).toEqual([])
  return { timers, item, time, stopped }
}

/** While the pointer rests on the toasts their time stands still; it runs again when it leaves. */
export const PausesOnHover: Story = {
  tags: ['no-visual'],
  play: async () => {
    const { timers, item, time, stopped } = await watchedToast()
    // Its countdown is stopped, and none runs while the pointer is there.
    await untilHeard(async () => {
      await userEvent.unhover(item)
      await userEvent.hover(item)
    }, stopped)
    await expect(item).toBeVisible()
    await userEvent.unhover(item)
    fireEvent.pointerLeave(item.closest('[role=region]') as HTMLElement)
    // It counts down again, the time left and no more.
    const resumed = timers.like(time).at(-1)
    await expect(resumed).not.toBe(time)
    await expect(resumed?.state).toBe('pending')
    await expect(resumed?.delay).toBeGreaterThan(0)
    await expect(resumed?.delay).toBeLessThanOrEqual(LONG)
  },
}

/** Focus on a toast (F8 jumps there from anywhere) pauses it too, so a keyboard user can read it. */
export const PausesOnFocus: Story = {
  tags: ['no-visual'],
  play: async () => {
    const { item, stopped } = await watchedToast()
    await untilHeard(() => {
      if (document.activeElement === item) item.blur()
      item.focus()
    }, stopped)
    await expect(item).toBeVisible()
    // Escape on a focused toast dismisses it.
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(body().queryByText('Changes saved')).toBeNull())
  },
}

/** On a touch screen a toast is swiped away (upwards, the way it came in). */
export const SwipeToDismiss: Story = {
  tags: ['no-visual'],
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Save' }))
    const item = toastWith('Changes saved')
    const { x, y } = item.getBoundingClientRect()
    const at = (dy: number) => ({ clientX: x + 20, clientY: y + 20 + dy, pointerId: 1, button: 0 })
    fireEvent.pointerDown(item, { ...at(0), pointerType: 'touch' })
    for (const dy of [-5, -20, -40, -70]) fireEvent.pointerMove(item, { ...at(dy), pointerType: 'touch' })
    fireEvent.pointerUp(item, { ...at(-70), pointerType: 'touch' })
    await waitFor(() => expect(body().queryByText('Changes saved')).toBeNull(), {
      timeout: 1000,
    })
  },
}

/** Showing a toast with the id of one in view updates it instead of stacking a copy. */
export const SameIdUpdatesInPlace: Story = {
  tags: ['no-visual'],
  play: async () => {
    toast.error('Could not reach the server', { id: 'network' })
    toast.error('Could not reach the server', { id: 'network' })
    await waitFor(() => expect(inView()).toHaveLength(1))
  },
}

function ShowOnMount({ messages }: { messages: string[] }) {
  useEffect(() => {
    for (const message of messages) toast(message, { duration: Number.POSITIVE_INFINITY })
    return () => {
      toast.dismiss()
    }
  }, [messages])
  return null
}

const staticMessages = ['Invitation sent to Grace', 'Report exported', 'Project archived']
// One array, not one per render: a new array would rerun ShowOnMount's effect and show all four again.
const fourMessages = [...staticMessages, 'Payment received']

/** A story's page: the toaster, with `messages` shown once it is on the page and dismissed when it goes. */
const showing =
  (messages: string[]): Story['render'] =>
  (args) => (
    <div className="min-h-[28rem]">
      <Toaster {...args} />
      <ShowOnMount messages={messages} />
    </div>
  )

/** Three toasts that stay (duration Infinity), to look at: the newest nearest the top. */
export const Stacked: Story = {
  render: showing(staticMessages),
  play: async () => {
    await waitFor(() => expect(inView()).toHaveLength(3))
  },
}

/** The fourth of four toasts that would stay pushes the oldest out: 3 remain, the newest on top. */
export const FourthEvictsTheOldest: Story = {
  render: showing(fourMessages),
  play: async () => {
    await waitFor(() => expect(inView()).toHaveLength(3))
    await waitFor(() => expect(body().queryByText(staticMessages[0] as string)).toBeNull())
    const tops = ['Payment received', 'Project archived', 'Report exported'].map(
      (text) => toastWith(text).getBoundingClientRect().top,
    )
    await expect([...tops].sort((a, b) => a - b)).toEqual(tops)
  },
}

export const Kinds: Story = {
  args: { closeButton: true },
  render: (args) => (
    <div className="min-h-[28rem]">
      <Toaster {...args} />
      <KindsOnMount />
    </div>
  ),
  play: async () => {
    await waitFor(() => expect(inView()).toHaveLength(3))
    await expect(body().getAllByRole('button', { name: 'Close' })).toHaveLength(3)
  },
}

function KindsOnMount() {
  useEffect(() => {
    const forever = { duration: Number.POSITIVE_INFINITY }
    toast.success('Payment received', { ...forever, description: 'Receipt #1042 is in your inbox.' })
    toast.error('Could not reach the server', forever)
    toast.info('A new version is available', forever)
    return () => {
      toast.dismiss()
    }
  }, [])
  return null
}

export const RightToLeft: Story = {
  globals: { dir: 'rtl' },
  args: { position: 'top-end' },
  render: showing(['تم حفظ التغييرات', 'تم إرسال الدعوة']),
  play: async () => {
    await waitFor(() => expect(inView()).toHaveLength(2))
    const toaster = document.querySelector('[data-slot=toaster]') as HTMLElement
    await expect(toaster).toHaveAttribute('dir', 'rtl')
    // `top-end` is the top left corner in right-to-left.
    await expect(Math.round(toaster.getBoundingClientRect().left)).toBe(10)
  },
}

export const Dark: Story = { ...Stacked, globals: { theme: 'dark' } }

/** On a phone the toasts are as wide as the screen allows and still 10 px from the top. */
export const MobileStacked: Story = {
  globals: phoneViewport,
  render: showing(staticMessages),
  play: async () => {
    await waitFor(() => expect(inView()).toHaveLength(3))
    const newest = toastWith('Project archived').getBoundingClientRect()
    await expect(Math.round(newest.top)).toBe(10)
    await expect(newest.right).toBeLessThanOrEqual(window.innerWidth)
  },
}
