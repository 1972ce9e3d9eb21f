import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { expect, fn, userEvent, waitFor, within } from 'storybook/test'
import { phoneViewport } from '../demo/story-parts'
import { type CommentEntry, CommentPin, CommentThread } from './comment-thread'

const labels = {
  resolved: 'Resolved',
  reply: 'Reply',
  replyLabel: 'Your reply',
  resolve: 'Resolve',
  reopen: 'Reopen',
}
const carol: CommentEntry = {
  id: 1,
  author: 'Client Carol',
  authorNote: 'Guest',
  time: '2 Dec 2026, 10:04',
  dateTime: '2026-12-02T10:04:00Z',
  text: 'Could the logo be a little bigger?',
}
const ada: CommentEntry = {
  id: 2,
  author: 'Ada Lovelace',
  time: '2 Dec 2026, 10:31',
  dateTime: '2026-12-02T10:31:00Z',
  text: 'Done in version 2.',
}

const meta = {
  title: 'Review/CommentThread',
  component: CommentThread,
  args: {
    number: 1,
    comment: carol,
    replies: [ada],
    place: 'Page 1 · version 1',
    labels,
    onReply: fn(async () => {}),
    onResolvedChange: fn(),
  },
  decorators: [
    (Story) => (
      <div className="max-w-sm p-6">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof CommentThread>

export default meta
type Story = StoryObj<typeof meta>

const thread = (canvasElement: HTMLElement) => within(canvasElement).getByRole('article', { name: /#1/ })

/** A reply is sent with its text, and the field empties once it is saved. */
export const Replying: Story = {
  play: async ({ canvasElement, args }) => {
    const field = within(thread(canvasElement)).getByLabelText('Your reply')
    const send = within(canvasElement).getByRole('button', { name: 'Reply' })
    await expect(send).toBeDisabled()
    await userEvent.type(field, '  Thanks!  ')
    await userEvent.click(send)
    await expect(args.onReply).toHaveBeenCalledWith('Thanks!')
    await waitFor(() => expect(field).toHaveValue(''))
  },
}

/** A reply that fails keeps its text to send again. */
export const ReplyFails: Story = {
  args: { onReply: fn(async () => Promise.reject(new Error('offline'))) },
  play: async ({ canvasElement }) => {
    const field = within(canvasElement).getByLabelText('Your reply')
    await userEvent.type(field, 'Thanks!')
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Reply' }))
    await waitFor(() => expect(within(canvasElement).getByRole('button', { name: 'Reply' })).toBeEnabled())
    await expect(field).toHaveValue('Thanks!')
  },
}

const members = [
  { name: 'Ada Lovelace', handle: 'Ada Lovelace' },
  { name: 'Alan Turing', handle: 'Alan Turing' },
  { name: 'Grace Hopper', handle: 'grace.h' },
]

/** Mentions of members are marked in the text; the rest of it reads as written. */
export const WithMentions: Story = {
  args: {
    comment: {
      ...carol,
      text: '@Ada Lovelace could the logo be bigger? Ask @grace.h too.',
      mentions: [
        { start: 0, end: 13 },
        { start: 44, end: 52 },
      ],
    },
    replies: [{ ...ada, text: 'On it, @Client Carol.', mentions: [] }],
  },
  play: async ({ canvasElement }) => {
    const marks = canvasElement.querySelectorAll('[data-slot="mention"]')
    await expect([...marks].map((m) => m.textContent)).toEqual(['@Ada Lovelace', '@grace.h'])
    await expect(thread(canvasElement)).toHaveTextContent(
      '@Ada Lovelace could the logo be bigger? Ask @grace.h too.',
    )
  },
}

/**
 * Typing `@` in the reply offers the members (a listbox the field points into): the arrows move, Enter writes the
 * chosen one's handle, Escape closes the list and leaves the text as typed.
 */
export const MentioningInAReply: Story = {
  args: { mentionables: members, labels: { ...labels, mentions: 'Members' } },
  play: async ({ canvasElement, args }) => {
    const field = within(canvasElement).getByLabelText('Your reply')
    await userEvent.type(field, 'Thanks @a')
    const list = within(canvasElement).getByRole('listbox', { name: 'Members' })
    const options = within(list).getAllByRole('option')
    await expect(options.map((o) => o.textContent)).toEqual(['Ada Lovelace', 'Alan Turing'])
    await expect(field).toHaveAttribute('aria-controls', list.id)
    await expect(field).toHaveAttribute('aria-activedescendant', options[0]?.id)
    await expect(options[0]).toHaveAttribute('aria-selected', 'true')
    await userEvent.keyboard('{ArrowDown}')
    await expect(field).toHaveAttribute('aria-activedescendant', options[1]?.id)
    await userEvent.keyboard('{ArrowDown}')
    await expect(field).toHaveAttribute('aria-activedescendant', options[0]?.id)
    await userEvent.keyboard('{ArrowUp}{Enter}')
    await expect(field).toHaveValue('Thanks @Alan Turing ')
    await expect(within(canvasElement).queryByRole('listbox')).toBeNull()
    await expect(field).not.toHaveAttribute('aria-activedescendant')

    await userEvent.type(field, 'and @gr')
    await expect(within(canvasElement).getByRole('option')).toHaveTextContent('Grace Hopper@grace.h')
    await userEvent.keyboard('{Escape}')
    await expect(within(canvasElement).queryByRole('listbox')).toBeNull()
    await userEvent.keyboard('{Enter}')
    await expect(field).toHaveValue('Thanks @Alan Turing and @gr\n')
    // An address is no mention.
    await userEvent.clear(field)
    await userEvent.type(field, 'mail grace@')
    await expect(within(canvasElement).queryByRole('listbox')).toBeNull()

    // A press chooses too, and the reply is sent with the mention written out.
    await userEvent.clear(field)
    await userEvent.type(field, '@grace')
    await userEvent.click(within(canvasElement).getByRole('option', { name: /Grace Hopper/ }))
    await expect(field).toHaveValue('@grace.h ')
    await expect(field).toHaveFocus()
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Reply' }))
    await expect(args.onReply).toHaveBeenCalledWith('@grace.h')
  },
}

/** The list of members fits a phone, under the field. */
export const MentioningOnAPhone: Story = {
  globals: phoneViewport,
  args: { mentionables: members, labels: { ...labels, mentions: 'Members' } },
  play: async ({ canvasElement }) => {
    await userEvent.type(within(canvasElement).getByLabelText('Your reply'), '@')
    await expect(within(canvasElement).getAllByRole('option')).toHaveLength(3)
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth)
  },
}

export const Resolving: Story = {
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Resolve' }))
    await expect(args.onResolvedChange).toHaveBeenCalledWith(true)
  },
}

export const Resolved: Story = {
  args: { resolved: true },
  play: async ({ canvasElement, args }) => {
    await expect(within(canvasElement).getByText('Resolved')).toBeVisible()
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Reopen' }))
    await expect(args.onResolvedChange).toHaveBeenCalledWith(false)
  },
}

/** Someone who may not reply or resolve (the link's guest reading a thread): the comments alone. */
export const ReadOnly: Story = {
  args: { onReply: undefined, onResolvedChange: undefined, replies: [] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('button')).toBeNull()
    await expect(thread(canvasElement)).toHaveTextContent('Could the logo be a little bigger?')
  },
}

export const LongText: Story = {
  args: {
    comment: {
      ...carol,
      author: 'Bartholomew Aloysius Featherstonehaugh-Wolfeschlegelsteinhausen',
      text: `${'The headline wraps onto three lines on the story size; '.repeat(6)}https://example.com/a/very/long/link/that/has/no/spaces/at/all/and/must/wrap`,
    },
  },
  play: async ({ canvasElement }) => {
    const card = thread(canvasElement)
    await expect(card.scrollWidth).toBeLessThanOrEqual(card.clientWidth + 1)
  },
}

export const Chinese: Story = {
  args: {
    comment: { ...carol, author: '王小明', authorNote: '访客', text: '标志能再大一点吗？' },
    replies: [{ ...ada, author: '李华', text: '已在第 2 版修改。' }],
    place: '第 1 页 · 第 1 版',
    labels: {
      resolved: '已解决',
      reply: '回复',
      replyLabel: '你的回复',
      resolve: '解决',
      reopen: '重新打开',
    },
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: '解决' })).toBeVisible()
  },
}

export const RightToLeft: Story = {
  globals: { dir: 'rtl' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Resolve' })).toBeVisible()
  },
}

export const Dark: Story = {
  globals: { theme: 'dark' },
  play: async ({ canvasElement }) => {
    await expect(thread(canvasElement)).toBeVisible()
  },
}

export const Mobile: Story = {
  globals: phoneViewport,
  play: async ({ canvasElement }) => {
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth)
    await expect(thread(canvasElement)).toBeVisible()
  },
}

/** Markers on a picture: open, resolved, the one selected, and a comment being placed; a press selects one. */
export const PinsOnAPicture: Story = {
  render: function Render() {
    const [selected, setSelected] = useState(1)
    const pins = [
      { number: 1, x: 0.25, y: 0.3 },
      { number: 2, x: 0.7, y: 0.55, resolved: true },
      { number: 3, x: 0.5, y: 0.85 },
    ]
    return (
      <div className="relative aspect-square w-72 rounded-lg bg-gradient-to-br from-sky-200 to-indigo-300">
        {pins.map((p) => (
          <CommentPin
            key={p.number}
            {...p}
            label={`Comment ${p.number}`}
            selected={selected === p.number}
            onClick={() => setSelected(p.number)}
          />
        ))}
        <CommentPin number={4} x={0.85} y={0.2} draft label="New comment here" />
      </div>
    )
  },
  play: async ({ canvasElement }) => {
    const one = within(canvasElement).getByRole('button', { name: 'Comment 1' })
    const three = within(canvasElement).getByRole('button', { name: 'Comment 3' })
    await expect(one).toHaveAttribute('aria-pressed', 'true')
    await userEvent.click(three)
    await expect(three).toHaveAttribute('aria-pressed', 'true')
    await expect(one).toHaveAttribute('aria-pressed', 'false')
    await expect(within(canvasElement).getByRole('button', { name: 'Comment 2' })).toHaveAttribute(
      'data-state',
      'resolved',
    )
    await expect(within(canvasElement).getByRole('button', { name: 'New comment here' })).toHaveTextContent(
      '+',
    )
  },
}
