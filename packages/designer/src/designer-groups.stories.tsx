import type { Meta, StoryObj } from '@storybook/react-vite'
import type { Template } from '@templet/template'
import { expect, fireEvent, fn, userEvent, waitFor, within } from 'storybook/test'
import { Designer } from './designer'
import { drag, layerButton, sampleDocument } from './story-helpers'

/** The sample design with its photo and badge grouped as "Group 1" (the photo moved next to the badge). */
const grouped: Template = {
  ...sampleDocument,
  layers: ['background', 'card', 'headline', 'photo', 'badge', 'rule', 'note'].map((id) => {
    const l = sampleDocument.layers.find((x) => x.id === id) as Template['layers'][number]
    return id === 'photo' || id === 'badge' ? { ...l, group: 'group' } : l
  }),
  groups: [{ id: 'group', name: 'Group 1' }],
}

const meta = {
  title: 'Designer/Groups',
  component: Designer,
  args: { document: sampleDocument, zoom: 0.4, previews: false, onChange: fn() },
  parameters: { layout: 'padded' },
} satisfies Meta<typeof Designer>

export default meta
type Story = StoryObj<typeof meta>

const lastDocument = (onChange: unknown) =>
  (onChange as ReturnType<typeof fn>).mock.calls.at(-1)?.[0] as Template
const boxOf = (t: Template, id: string) => t.layers.find((l) => l.id === id)?.box
const pressed = (root: HTMLElement, id: string) => layerButton(root, id).getAttribute('aria-pressed')

export const GroupAndUngroup: Story = {
  name: 'Group (Ctrl+G), select, drag, go into the group, ungroup (Ctrl+Shift+G)',
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    const layers = within(canvas.getByRole('navigation', { name: 'Layers' }))
    layerButton(canvasElement, 'photo').focus()
    fireEvent.pointerDown(layerButton(canvasElement, 'badge'), { pointerId: 1, button: 0, shiftKey: true })
    await waitFor(() => expect(canvas.getByText('2 layers selected')).toBeVisible())
    await userEvent.keyboard('{Control>}g{/Control}')
    const row = await layers.findByRole('button', { name: 'Group 1, a group of 2 layers' })
    await expect(row).toHaveAttribute('aria-pressed', 'true')
    let doc = lastDocument(args.onChange)
    await expect(doc.groups).toEqual([{ id: 'group', name: 'Group 1' }])
    await expect(doc.layers.map((l) => l.id)).toEqual([
      'background',
      'card',
      'headline',
      'photo',
      'badge',
      'rule',
      'note',
    ])
    // A click elsewhere, then on one member, selects the whole group again.
    await userEvent.click(layers.getByRole('button', { name: 'Rule' }))
    fireEvent.pointerDown(layerButton(canvasElement, 'badge'), { pointerId: 1, button: 0 })
    fireEvent.pointerUp(layerButton(canvasElement, 'badge'), { pointerId: 1, button: 0 })
    await waitFor(() => expect(pressed(canvasElement, 'photo')).toBe('true'))
    await expect(pressed(canvasElement, 'badge')).toBe('true')
    // A drag of one member moves both by the same amount.
    drag(layerButton(canvasElement, 'badge'), 40, 24)
    await waitFor(() => expect(boxOf(lastDocument(args.onChange), 'badge')?.x).not.toBe(560))
    doc = lastDocument(args.onChange)
    const photo = boxOf(doc, 'photo')
    const badge = boxOf(doc, 'badge')
    await expect((photo?.x ?? 0) - 120).toBe((badge?.x ?? 0) - 560)
    await expect((photo?.y ?? 0) - 120).toBe((badge?.y ?? 0) - 560)
    // A double click goes into the group: the badge alone, the group's box dashed; Escape comes back up.
    fireEvent.doubleClick(layerButton(canvasElement, 'badge'))
    await waitFor(() => expect(pressed(canvasElement, 'photo')).toBe('false'))
    await expect(pressed(canvasElement, 'badge')).toBe('true')
    await expect(canvasElement.querySelector('[data-slot=group-frame]')).not.toBeNull()
    layerButton(canvasElement, 'badge').focus()
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(pressed(canvasElement, 'photo')).toBe('true'))
    // Ctrl+Shift+G ungroups in one step; Ctrl+Z brings the group back.
    await userEvent.keyboard('{Control>}{Shift>}g{/Shift}{/Control}')
    await waitFor(() => expect(lastDocument(args.onChange)).not.toHaveProperty('groups'))
    await expect(layers.queryByRole('button', { name: /a group of/ })).toBeNull()
    await userEvent.keyboard('{Control>}z{/Control}')
    await waitFor(() => expect(lastDocument(args.onChange).groups).toHaveLength(1))
  },
}

export const GroupInLayersPanel: Story = {
  name: 'A group selected: its row in the layers panel, its layers indented; fold, lock and move it by keyboard',
  args: { document: grouped },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    const layers = within(canvas.getByRole('navigation', { name: 'Layers' }))
    const row = layers.getByRole('button', { name: 'Group 1, a group of 2 layers' })
    row.focus()
    await userEvent.keyboard('{Enter}')
    await waitFor(() => expect(row).toHaveAttribute('aria-pressed', 'true'))
    await expect(canvas.getByText('2 layers selected')).toBeVisible()
    // A member's row selects that layer alone.
    await userEvent.click(layers.getByRole('button', { name: 'Badge' }))
    await waitFor(() => expect(row).toHaveAttribute('aria-pressed', 'false'))
    await expect(pressed(canvasElement, 'photo')).toBe('false')
    // Alt+ArrowUp moves the whole group above the rule, as one undo step.
    row.focus()
    await userEvent.keyboard('{Alt>}{ArrowUp}{/Alt}')
    await waitFor(() =>
      expect(lastDocument(args.onChange).layers.map((l) => l.id)).toEqual([
        'background',
        'card',
        'headline',
        'rule',
        'photo',
        'badge',
        'note',
      ]),
    )
    const fold = layers.getByRole('button', { name: 'Fold Group 1' })
    await expect(fold).toHaveAttribute('aria-expanded', 'true')
    await userEvent.click(fold)
    await waitFor(() => expect(layers.queryByRole('button', { name: 'Badge' })).toBeNull())
    await userEvent.click(layers.getByRole('button', { name: 'Unfold Group 1' }))
    await expect(layers.getByRole('button', { name: 'Badge' })).toBeVisible()
    await userEvent.click(layers.getByRole('button', { name: 'Lock: Group 1' }))
    await waitFor(() =>
      expect(
        lastDocument(args.onChange)
          .layers.filter((l) => l.locked)
          .map((l) => l.id),
      ).toEqual(['background', 'photo', 'badge']),
    )
    await userEvent.click(layers.getByRole('button', { name: 'Lock: Group 1' }))
    await waitFor(() => expect(layerButton(canvasElement, 'badge')).toBeVisible())
    // The group selected again, for the picture.
    await userEvent.click(layers.getByRole('button', { name: 'Group 1, a group of 2 layers' }))
    await waitFor(() => expect(pressed(canvasElement, 'badge')).toBe('true'))
  },
}
