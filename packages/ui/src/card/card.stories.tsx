import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, within } from 'storybook/test'
import { Button } from '../button'
import { phoneViewport } from '../demo/story-parts'
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from './card'

const meta = {
  title: 'Primitives/Card',
  component: Card,
  subcomponents: { CardHeader, CardTitle, CardDescription, CardContent, CardFooter } as Record<
    string,
    React.ComponentType<unknown>
  >,
  render: (args) => (
    <div className="mx-auto max-w-sm p-6">
      <Card {...args}>
        <CardHeader>
          <CardTitle>Credits</CardTitle>
          <CardDescription>Each creation uses one credit.</CardDescription>
        </CardHeader>
        <CardContent>
          <p className="text-3xl font-semibold tabular-nums">1,250</p>
        </CardContent>
        <CardFooter>
          <Button size="sm">Buy credits</Button>
          <Button size="sm" variant="outline">
            Purchase history
          </Button>
        </CardFooter>
      </Card>
    </div>
  ),
} satisfies Meta<typeof Card>

export default meta
type Story = StoryObj<typeof meta>

const partOf = (canvasElement: HTMLElement, slot: string) =>
  canvasElement.querySelector(`[data-slot=${slot}]`) as HTMLElement

/** A title (a level-3 heading), a description, the content and the actions, on one inset. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('heading', { level: 3, name: 'Credits' })).toBeVisible()
    await expect(canvas.getByText('Each creation uses one credit.')).toBeVisible()
    await expect(canvas.getAllByRole('button')).toHaveLength(2)
    // Header, content and footer start at the same inset from the card's edge.
    const card = partOf(canvasElement, 'card').getBoundingClientRect()
    for (const slot of ['card-header', 'card-content', 'card-footer']) {
      const part = partOf(canvasElement, slot)
      const inset =
        part.getBoundingClientRect().left - card.left + Number.parseFloat(getComputedStyle(part).paddingLeft)
      await expect(Math.round(inset)).toBe(25)
    }
  },
}

/**
 * `asChild` makes the card the app's own element: here a `<section>` named by its title, a region a
 * screen reader lists; the title is an `<h2>` through its own `asChild`.
 */
export const AsSection: Story = {
  render: () => (
    <div className="mx-auto max-w-sm p-6">
      <Card asChild>
        <section aria-labelledby="plan-title">
          <CardHeader>
            <CardTitle asChild>
              <h2 id="plan-title">Monthly plan</h2>
            </CardTitle>
            <CardDescription>Renews on 24 December 2026.</CardDescription>
          </CardHeader>
          <CardFooter>
            <Button size="sm" variant="outline">
              Manage plan
            </Button>
          </CardFooter>
        </section>
      </Card>
    </div>
  ),
  play: async ({ canvasElement }) => {
    const region = within(canvasElement).getByRole('region', { name: 'Monthly plan' })
    await expect(region).toHaveAttribute('data-slot', 'card')
    await expect(within(region).getByRole('heading', { level: 2, name: 'Monthly plan' })).toHaveAttribute(
      'data-slot',
      'card-title',
    )
  },
}

/** Nothing to show yet: the card says what will be here and offers the way to fill it. */
export const Empty: Story = {
  render: () => (
    <div className="mx-auto max-w-sm p-6">
      <Card>
        <CardHeader>
          <CardTitle>Starred templates</CardTitle>
          <CardDescription>Star the template types you use most to see them here.</CardDescription>
        </CardHeader>
        <CardFooter>
          <Button size="sm" variant="outline">
            Browse templates
          </Button>
        </CardFooter>
      </Card>
    </div>
  ),
  play: async ({ canvasElement }) => {
    await expect(partOf(canvasElement, 'card-content')).toBeNull()
    await expect(within(canvasElement).getByRole('button', { name: 'Browse templates' })).toBeVisible()
  },
}

/** Long titles and unbroken words wrap inside the card instead of widening it. */
export const LongText: Story = {
  render: () => (
    <div className="mx-auto max-w-sm p-6">
      <Card>
        <CardHeader>
          <CardTitle>
            Quarterly brand refresh for the spring collection, social posts and printed flyers included
          </CardTitle>
          <CardDescription>
            Shared from https://templet.example/projects/2026/spring-collection/a1b2c3d4e5f6a7b8c9d0e1f2a3b4
          </CardDescription>
        </CardHeader>
        <CardContent>
          <p className="text-sm">
            Everyone in the workspace can open it. Creations made from it use the workspace's credits, and
            each export is kept in the creation history for a year.
          </p>
        </CardContent>
        <CardFooter>
          <Button size="sm">Open the project and its forty-two templates</Button>
          <Button size="sm" variant="outline">
            Share with the whole workspace
          </Button>
        </CardFooter>
      </Card>
    </div>
  ),
  play: async ({ canvasElement }) => {
    const card = partOf(canvasElement, 'card')
    await expect(card.scrollWidth).toBeLessThanOrEqual(card.clientWidth)
    await expect(card.getBoundingClientRect().width).toBeLessThanOrEqual(384)
  },
}

/** On a phone the cards stack at the page's width. */
export const Mobile: Story = {
  globals: phoneViewport,
  render: () => (
    <div className="grid gap-4 p-4 sm:grid-cols-2">
      {[
        { title: 'Credits', value: '1,250' },
        { title: 'Plan', value: 'Monthly' },
      ].map(({ title, value }) => (
        <Card key={title}>
          <CardHeader>
            <CardTitle>{title}</CardTitle>
            <CardDescription>Updated a moment ago.</CardDescription>
          </CardHeader>
          <CardContent>
            <p className="text-2xl font-semibold">{value}</p>
          </CardContent>
        </Card>
      ))}
    </div>
  ),
  play: async ({ canvasElement }) => {
    const [first, second] = Array.from(canvasElement.querySelectorAll<HTMLElement>('[data-slot=card]'))
    await expect(Math.round(first?.getBoundingClientRect().width ?? 0)).toBe(390 - 32)
    await expect(second?.getBoundingClientRect().top).toBeGreaterThan(
      first?.getBoundingClientRect().bottom ?? 0,
    )
  },
}

export const RightToLeft: Story = {
  globals: { dir: 'rtl' },
  render: () => (
    <div className="mx-auto max-w-sm p-6" lang="ar">
      <Card>
        <CardHeader>
          <CardTitle>الرصيد</CardTitle>
          <CardDescription>كل إنشاء يستخدم رصيدًا واحدًا.</CardDescription>
        </CardHeader>
        <CardContent>
          <p className="text-3xl font-semibold tabular-nums">1,250</p>
        </CardContent>
        <CardFooter>
          <Button size="sm">شراء رصيد</Button>
        </CardFooter>
      </Card>
    </div>
  ),
  play: async ({ canvasElement }) => {
    // The title starts at the card's right edge.
    const card = partOf(canvasElement, 'card').getBoundingClientRect()
    const title = within(canvasElement).getByRole('heading', { name: 'الرصيد' })
    const range = document.createRange()
    range.selectNodeContents(title)
    await expect(card.right - range.getBoundingClientRect().right).toBeLessThan(30)
  },
}

export const Dark: Story = { globals: { theme: 'dark' } }
