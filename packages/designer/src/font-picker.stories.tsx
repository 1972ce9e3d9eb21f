import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, waitFor, within } from 'storybook/test'
import type { DesignerFont } from './kinds/kind'
import { FontPicker } from './kinds/text/font-picker'
import { DESIGNER_STRINGS_EN } from './strings'

const library = (family: string, label: string, category: string, scripts: string[]): DesignerFont => ({
  family,
  label,
  weights: [400, 700],
  styles: ['normal'],
  category,
  scripts,
  // The story's "face" is a system family: the option is drawn in it once `preview` resolves.
  face: category === 'monospace' ? 'monospace' : 'serif',
  preview: () => Promise.resolve(),
})

const fonts: DesignerFont[] = [
  { family: 'sans', label: 'Inter', weights: [400, 700], styles: ['normal', 'italic'] },
  { family: 'brand-abcdefgh', label: 'Acme Sans (brand kit)', weights: [400], styles: ['normal'] },
  library('lib-lora', 'Lora', 'serif', ['latin', 'cyrillic']),
  library('lib-lobster', 'Lobster', 'display', ['latin', 'cyrillic']),
  library('lib-cairo', 'Cairo', 'sans-serif', ['latin', 'arabic']),
  library('lib-fira-code', 'Fira Code', 'monospace', ['latin', 'greek', 'cyrillic']),
  library('lib-caveat', 'Caveat', 'handwriting', ['latin', 'cyrillic']),
]

const meta = {
  title: 'Designer/Font browser',
  component: FontPicker,
  args: { value: 'sans', fonts, strings: DESIGNER_STRINGS_EN, onChange: fn() },
  parameters: { layout: 'padded' },
} satisfies Meta<typeof FontPicker>

export default meta
type Story = StoryObj<typeof meta>

export const SearchAndChoose: Story = {
  name: 'Search by name, filter by category and script, choose by keyboard',
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole('button', { name: 'Browse fonts' }))
    const page = within(canvasElement.ownerDocument.body)
    const search = await page.findByRole('combobox', { name: 'Search fonts' })
    await waitFor(() => expect(search).toHaveFocus())
    const list = page.getByRole('listbox', { name: 'Font' })
    await expect(within(list).getAllByRole('option')).toHaveLength(fonts.length)
    await expect(within(list).getByRole('option', { name: 'Inter' })).toHaveAttribute('aria-selected', 'true')
    await userEvent.type(search, 'lo')
    await expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Lora', 'Lobster'])
    // The option seen is drawn in its own face.
    await waitFor(() =>
      expect(
        (within(list).getByRole('option', { name: 'Lora' }).firstElementChild as HTMLElement).style
          .fontFamily,
      ).toContain('serif'),
    )
    await userEvent.keyboard('{ArrowDown}{Enter}')
    await expect(args.onChange).toHaveBeenCalledWith('lib-lobster')

    await userEvent.click(canvas.getByRole('button', { name: 'Browse fonts' }))
    await userEvent.selectOptions(await page.findByRole('combobox', { name: 'All scripts' }), 'Arabic')
    await expect(
      within(page.getByRole('listbox'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Inter', 'Acme Sans (brand kit)', 'Cairo'])
    await userEvent.selectOptions(page.getByRole('combobox', { name: 'All categories' }), 'Monospace')
    await expect(page.getByText('No font matches')).toBeVisible()
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(page.queryByRole('listbox')).toBeNull())
  },
}
