import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, waitFor, within } from 'storybook/test'
import { body, phoneViewport } from '../demo/story-parts'
import { NativeSelect, Select } from './select'

const sizes = [
  { value: 'a4', label: 'A4 portrait' },
  { value: 'a5', label: 'A5 flyer' },
  { value: 'square', label: 'Square post' },
  { value: 'story', label: 'Story (9:16)', disabled: true },
  { value: 'banner', label: 'Web banner' },
]

const meta = {
  title: 'Forms/Select',
  component: Select,
  args: { label: 'Format', options: sizes, placeholder: 'Choose a format', onValueChange: fn() },
  decorators: [
    (Story) => (
      // Room under the field for the open list in the screenshots.
      <div className="h-96 max-w-sm p-6">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof Select>

export default meta
type Story = StoryObj<typeof meta>

/**
 * For stories that end with the list open: Radix hides the rest of the page from screen readers then and keeps
 * the focus in the list, so the trigger under `aria-hidden` cannot be reached; axe cannot see the focus trap.
 */
const openListA11y = { a11y: { config: { rules: [{ id: 'aria-hidden-focus', enabled: false }] } } }
const trigger = (canvasElement: HTMLElement, name = 'Format') =>
  within(canvasElement).getByRole('combobox', { name })

/** Chosen with the keyboard only: Enter opens, the arrows move past the disabled option, Enter picks. */
export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const combobox = trigger(canvasElement)
    await expect(combobox).toHaveTextContent('Choose a format')
    await userEvent.tab()
    await expect(combobox).toHaveFocus()
    await userEvent.keyboard('{Enter}')
    const listbox = await body().findByRole('listbox')
    await expect(combobox).toHaveAttribute('aria-expanded', 'true')
    await waitFor(() => expect(within(listbox).getByRole('option', { name: 'A4 portrait' })).toHaveFocus())
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}{Enter}')
    await waitFor(() => expect(body().queryByRole('listbox')).toBeNull())
    await expect(args.onValueChange).toHaveBeenCalledOnce()
    await expect(args.onValueChange).toHaveBeenCalledWith('banner')
    await expect(combobox).toHaveTextContent('Web banner')
    await expect(combobox).toHaveFocus()
  },
}

/** Typing a name's first letters jumps to it, and Escape closes without a change. */
export const Filled: Story = {
  args: { defaultValue: 'a5' },
  play: async ({ canvasElement, args }) => {
    const combobox = trigger(canvasElement)
    await expect(combobox).toHaveTextContent('A5 flyer')
    combobox.focus()
    await userEvent.keyboard('{ArrowDown}')
    const listbox = await body().findByRole('listbox')
    await waitFor(() => expect(within(listbox).getByRole('option', { name: 'A5 flyer' })).toHaveFocus())
    await expect(within(listbox).getByRole('option', { name: 'A5 flyer' })).toHaveAttribute(
      'aria-selected',
      'true',
    )
    await userEvent.keyboard('sq')
    await waitFor(() => expect(within(listbox).getByRole('option', { name: 'Square post' })).toHaveFocus())
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(body().queryByRole('listbox')).toBeNull())
    await expect(args.onValueChange).not.toHaveBeenCalled()
    await expect(combobox).toHaveTextContent('A5 flyer')
  },
}

export const Disabled: Story = {
  args: { defaultValue: 'a4', disabled: true },
  play: async ({ canvasElement }) => {
    const combobox = trigger(canvasElement)
    await expect(combobox).toBeDisabled()
    await userEvent.click(combobox)
    await expect(body().queryByRole('listbox')).toBeNull()
  },
}

export const Invalid: Story = {
  args: { error: 'Choose the format to print in.' },
  play: async ({ canvasElement }) => {
    const combobox = trigger(canvasElement)
    await expect(combobox).toHaveAttribute('aria-invalid', 'true')
    await expect(combobox).toHaveAccessibleDescription('Choose the format to print in.')
  },
}

/** A long label wraps; a long choice is cut with an ellipsis in the field and shown whole in the list. */
export const LongText: Story = {
  args: {
    label: 'The format every page of this template is printed in, including its bleed and safe area',
    options: [
      ...sizes,
      { value: 'poster', label: 'Large-format exhibition poster, 70 × 100 cm with 5 mm bleed on all sides' },
    ],
    defaultValue: 'poster',
  },
  play: async ({ canvasElement }) => {
    const combobox = within(canvasElement).getByRole('combobox')
    await expect(combobox).toHaveTextContent('Large-format exhibition poster')
    await expect(combobox.getBoundingClientRect().width).toBeLessThanOrEqual(384)
  },
}

const arabicSizes = [
  { value: 'a4', label: 'A4 عمودي' },
  { value: 'a5', label: 'نشرة A5' },
  { value: 'square', label: 'منشور مربع' },
]

/** Right to left: the list opens under the field from its right edge, the tick on the right. */
export const RightToLeft: Story = {
  args: { label: 'المقاس', options: arabicSizes, defaultValue: 'a5', placeholder: undefined },
  globals: { dir: 'rtl' },
  parameters: openListA11y,
  play: async ({ canvasElement }) => {
    const combobox = trigger(canvasElement, 'المقاس')
    combobox.focus()
    await userEvent.keyboard('{Enter}')
    const listbox = await body().findByRole('listbox')
    const content = listbox.closest('[data-slot="select-content"]') as HTMLElement
    await expect(content).toHaveAttribute('dir', 'rtl')
    await expect(Math.round(content.getBoundingClientRect().right)).toBe(
      Math.round(combobox.getBoundingClientRect().right),
    )
  },
}

/** Open in the dark theme: the list, its highlighted and chosen options, on the dark tokens. */
export const Dark: Story = {
  args: { defaultValue: 'square' },
  globals: { theme: 'dark' },
  parameters: openListA11y,
  play: async ({ canvasElement }) => {
    trigger(canvasElement).focus()
    await userEvent.keyboard('{Enter}')
    const listbox = await body().findByRole('listbox')
    await waitFor(() => expect(within(listbox).getByRole('option', { name: 'Square post' })).toHaveFocus())
  },
}

export const Mobile: Story = {
  args: { defaultValue: 'a4', error: 'This format is not in your plan.' },
  globals: phoneViewport,
  play: async ({ canvasElement }) => {
    await expect(trigger(canvasElement).getBoundingClientRect().right).toBeLessThanOrEqual(window.innerWidth)
  },
}

/** The browser's own select, in the same box: for forms that need one (phones' system picker). */
export const Native: Story = {
  render: () => (
    <NativeSelect label="Paper" defaultValue="matte" hint="Glossy costs more.">
      <option value="matte">Matte</option>
      <option value="glossy">Glossy</option>
    </NativeSelect>
  ),
  play: async ({ canvasElement }) => {
    const select = within(canvasElement).getByRole('combobox', { name: 'Paper' })
    await userEvent.selectOptions(select, 'glossy')
    await expect(select).toHaveValue('glossy')
    await expect(select).toHaveAccessibleDescription('Glossy costs more.')
  },
}
