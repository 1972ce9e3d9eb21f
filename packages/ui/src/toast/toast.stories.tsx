import type { Meta, StoryObj } from '@storybook/react-vite'
import { useEffect } from 'react'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { Button } from '../button'
import { Toaster, toast } from './toast'

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

const shown = () => Array.from(document.querySelectorAll<HTMLElement>('[data-sonner-toast]'))
const inView = () => shown().filter((el) => el.dataset.visible === 'true')

/** A toast appears 10 px from the top, in the middle, and leaves after 2 s by itself. */
export const LeavesAfterTwoSeconds: Story = {
  tags: ['no-visual'],
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Save' }))
    const message = await within(document.body).findByText('Changes saved')
    const item = message.closest('[data-sonner-toast]') as HTMLElement
    await waitFor(() => expect(Math.round(item.getBoundingClientRect().top)).toBe(10))
    const started = performance.now()
    await waitFor(() => expect(within(document.body).queryByText('Changes saved')).toBeNull(), {
      timeout: 4000,
    })
    // 2 s plus sonner's exit animation (and a loaded machine).
    await expect(performance.now() - started).toBeGreaterThan(1500)
  },
}

/** Never more than 3 in view: a 4th pushes the oldest out of view. */
export const StackingPastThree: Story = {
  tags: ['no-visual'],
  play: async ({ canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Show a message' })
    const first = counter + 1
    for (let i = 0; i < 4; i++) await userEvent.click(button)
    await waitFor(() => expect(shown()).toHaveLength(4))
    await waitFor(() => expect(inView()).toHaveLength(3))
    const oldest = within(document.body)
      .getByText(`Message ${first}`)
      .closest('[data-sonner-toast]') as HTMLElement
    await expect(oldest.dataset.visible).toBe('false')
    await waitFor(() => expect(getComputedStyle(oldest).opacity).toBe('0'))
    // They all leave by themselves.
    await waitFor(() => expect(shown()).toHaveLength(0), { timeout: 5000 })
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

/** Three toasts that stay (duration Infinity), to look at. */
export const Stacked: Story = {
  render: (args) => (
    <div className="min-h-[28rem]">
      <Toaster {...args} />
      <ShowOnMount messages={staticMessages} />
    </div>
  ),
  play: async () => {
    await waitFor(() => expect(inView()).toHaveLength(3))
  },
}

export const Kinds: Story = {
  args: { expand: true },
  render: (args) => (
    <div className="min-h-[28rem]">
      <Toaster {...args} />
      <KindsOnMount />
    </div>
  ),
  play: async () => {
    await waitFor(() => expect(inView()).toHaveLength(3))
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
  render: (args) => (
    <div className="min-h-[28rem]">
      <Toaster {...args} />
      <ShowOnMount messages={['تم حفظ التغييرات', 'تم إرسال الدعوة']} />
    </div>
  ),
  play: async () => {
    await waitFor(() => expect(inView()).toHaveLength(2))
    const toaster = document.querySelector('[data-sonner-toaster]') as HTMLElement
    await expect(toaster).toHaveAttribute('dir', 'rtl')
    // `top-end` is the top left corner in right-to-left.
    await expect(toaster).toHaveAttribute('data-x-position', 'left')
  },
}

export const Dark: Story = {
  globals: { theme: 'dark' },
  render: (args) => (
    <div className="min-h-[28rem]">
      <Toaster {...args} />
      <ShowOnMount messages={staticMessages} />
    </div>
  ),
  play: async () => {
    await waitFor(() => expect(inView()).toHaveLength(3))
  },
}
