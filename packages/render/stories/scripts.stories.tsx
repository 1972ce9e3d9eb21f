/// <reference types="vite/client" />
/**
 * One card with a line in each of the 18 scripts customers write (review/scripts.json), as the renderer
 * draws it in each font family: the fonts per script, Han forms by language, bidi and colour emoji, for a
 * designer to check by eye. The pictures are made by `pnpm --filter @templet/render previews`.
 */
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, within } from 'storybook/test'

const pictures = import.meta.glob<string>('../previews/scripts-review/*.png', {
  eager: true,
  query: '?url',
  import: 'default',
})
const FAMILIES = ['sans', 'serif', 'grotesk']

function ScriptsReview() {
  return (
    <main
      style={{ padding: 24, fontFamily: 'system-ui, sans-serif', color: '#1f2937', background: '#ffffff' }}
    >
      <h1 style={{ fontSize: 22, margin: '0 0 16px' }}>Every script, in each font family</h1>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 20, alignItems: 'flex-start' }}>
        {FAMILIES.map((family) => {
          const url = pictures[`../previews/scripts-review/${family}.png`]
          return (
            <figure key={family} style={{ margin: 0 }}>
              <img
                src={url}
                alt={`A line in each of 18 scripts, ${family} family`}
                width={360}
                style={{ display: 'block', border: '1px solid #e5e7eb' }}
              />
              <figcaption style={{ fontSize: 13, marginTop: 6 }}>{family}</figcaption>
            </figure>
          )
        })}
      </div>
    </main>
  )
}

const meta = {
  title: 'Catalogue/Scripts review',
  component: ScriptsReview,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof ScriptsReview>
export default meta

export const EveryScript: StoryObj<typeof meta> = {
  play: async ({ canvasElement }) => {
    const images = within(canvasElement).getAllByRole('img')
    await expect(images).toHaveLength(FAMILIES.length)
  },
}
