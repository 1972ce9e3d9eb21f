import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { expect, fn, userEvent, waitFor, within } from 'storybook/test'
import { Designer, type DesignerOptions } from './designer'
import { createDesignerStore } from './state/designer-store'
import { drag, layerButton, px, sampleDocument } from './story-helpers'

const meta = {
  title: 'Designer/Host store',
  component: Designer,
  args: { document: sampleDocument, zoom: 0.5, previews: false, onChange: fn() },
  parameters: { layout: 'padded' },
  // Their pictures are the canvas stories' own; what they show is behaviour, which their play functions assert.
  tags: ['no-visual'],
} satisfies Meta<typeof Designer>

export default meta
type Story = StoryObj<typeof meta>

export const DragTellsTheHostOnce: Story = {
  name: 'A drag of 100 pointer moves tells the host once, at its end',
  play: async ({ canvasElement, args }) => {
    const badge = layerButton(canvasElement, 'badge')
    const x = px(badge.style.left)
    drag(badge, -40, 0, { steps: 100 })
    // Zoom 0.5: 40 CSS px are 80 template px.
    await waitFor(() => expect(px(badge.style.left)).toBeCloseTo(x - 40))
    await expect(args.onChange).toHaveBeenCalledTimes(1)
    const moved = (args.onChange as ReturnType<typeof fn>).mock.calls[0]?.[0]
    await expect(moved.layers.find((l: { id: string }) => l.id === 'badge')?.box).toMatchObject({ x: 480 })
  },
}

/**
 * A host that keeps the store: its two buttons do what the app does when another language's fonts come in and
 * when a save answers with the version as the server stored it.
 */
function Host(options: DesignerOptions) {
  const [store] = useState(() => createDesignerStore(sampleDocument))
  return (
    <div style={{ display: 'grid', gap: 8 }}>
      <div style={{ display: 'flex', gap: 8 }}>
        <button type="button" onClick={() => store.fontsChanged()}>
          Fonts loaded
        </button>
        <button
          type="button"
          onClick={() => store.replace(structuredClone(store.getDocument()), { keepHistory: true })}
        >
          Saved
        </button>
      </div>
      <Designer {...options} store={store} />
    </div>
  )
}

export const FontsAndSaveKeepHistory: Story = {
  name: 'Fonts coming in and a save answered keep the undo history and the selection',
  render: ({ zoom, previews, onChange }) => <Host zoom={zoom} previews={previews} onChange={onChange} />,
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    const badge = layerButton(canvasElement, 'badge')
    const x = px(badge.style.left)
    badge.focus()
    await waitFor(() => expect(badge).toHaveAttribute('aria-pressed', 'true'))
    await userEvent.keyboard('{ArrowRight}')
    await waitFor(() => expect(px(badge.style.left)).toBeCloseTo(x + 0.5))
    await userEvent.click(canvas.getByRole('button', { name: 'Fonts loaded' }))
    await userEvent.click(canvas.getByRole('button', { name: 'Saved' }))
    // The same layer button: nothing was mounted afresh, and the host's own documents are not changes.
    await expect(layerButton(canvasElement, 'badge')).toBe(badge)
    await expect(badge).toHaveAttribute('aria-pressed', 'true')
    await expect(args.onChange).toHaveBeenCalledTimes(1)
    await userEvent.click(canvas.getByRole('button', { name: 'Undo' }))
    await waitFor(() => expect(px(badge.style.left)).toBeCloseTo(x))
  },
}
