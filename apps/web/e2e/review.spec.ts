import type { Browser } from '@playwright/test'
import { expectNoAxeViolations } from './axe'
import { apiAs, expect, registerUser, signIn, test } from './fixtures'

/** A page in a browser of its own, signed in as no one: the client who got the link. */
async function guestPage(browser: Browser | null) {
  const context = await browser?.newContext()
  if (!context) throw new Error('no browser')
  return context.newPage()
}

test.describe('review links', () => {
  test('an owner shares a design; a client without an account comments on the canvas; the owner replies and resolves it', async ({
    page,
    server,
  }) => {
    const owner = await registerUser(server, 'Ada Owner')
    const catalogue = await apiAs(server, owner.token, 'GET', '/template/list')
    const first = (catalogue.data as { id: number }[])[0]?.id
    const made = await apiAs(server, owner.token, 'POST', '/template/duplicate', { id: first })
    const id = (made.data as { id: number }).id
    const name = (
      (await apiAs(server, owner.token, 'GET', `/template/detail?id=${id}`)).data as { name: string }
    ).name

    await signIn(page, owner, '/templates/mine')
    await page.getByRole('button', { name: `Share for review: ${name}` }).click()
    const dialog = page.getByRole('dialog', { name: `Share ${name} for review` })
    const field = dialog.getByLabel('Review link')
    await expect(field).toHaveValue(/\/review\?token=/)
    await expectNoAxeViolations(page)
    const link = new URL(await field.inputValue())
    await dialog.getByRole('button', { name: 'Done' }).click()

    const client = await guestPage(page.context().browser())
    await client.goto(`${link.pathname}${link.search}`)
    await expect(client.getByRole('heading', { level: 1, name: `Review: ${name}` })).toBeVisible()
    await expect(client.getByRole('img', { name: `Page 1 of ${name}` })).toBeVisible()
    await expect(client.getByText('No comments yet')).toBeVisible()
    await expectNoAxeViolations(client)

    // A point a quarter across and a third down.
    const canvas = client.getByRole('button', { name: 'Add a comment on the design', exact: false })
    const box = await canvas.boundingBox()
    if (!box) throw new Error('the design is not shown')
    await canvas.click({ position: { x: box.width / 4, y: box.height / 3 } })
    await client.getByLabel('Comment', { exact: true }).fill('Could the logo be bigger?')
    await client.getByRole('button', { name: 'Post comment' }).click()
    await expect(client.getByText('Enter your name first.')).toBeVisible()
    await client.getByLabel('Your name').fill('Client Carol')
    await client.getByRole('button', { name: 'Post comment' }).click()
    const pin = client.getByRole('button', { name: 'Comment 1 by Client Carol: Could the logo be bigger?' })
    await expect(pin).toBeVisible()
    const pinBox = await pin.boundingBox()
    // The pin's point (its bottom tip) is where the click was.
    expect(Math.abs((pinBox?.x ?? 0) + (pinBox?.width ?? 0) / 2 - (box.x + box.width / 4))).toBeLessThan(3)
    expect(Math.abs((pinBox?.y ?? 0) + (pinBox?.height ?? 0) - (box.y + box.height / 3))).toBeLessThan(3)
    await expect(client.getByRole('button', { name: 'Resolve' })).toHaveCount(0)
    await expectNoAxeViolations(client)

    // The owner reads it through the same link, signed in: replies and resolves.
    await page.goto(`${link.pathname}${link.search}`)
    const thread = page.getByRole('article', { name: /#1/ })
    await expect(thread).toContainText('Could the logo be bigger?')
    await expect(thread).toContainText('Guest')
    await thread.getByLabel('Reply to comment 1').fill('Done in version 2.')
    await thread.getByRole('button', { name: 'Reply' }).click()
    await expect(thread).toContainText('Done in version 2.')
    await thread.getByRole('button', { name: 'Resolve' }).click()
    await expect(thread.getByText('Resolved')).toBeVisible()

    await client.reload()
    const seen = client.getByRole('article', { name: /#1/ })
    await expect(seen.getByText('Resolved')).toBeVisible()
    await expect(seen).toContainText('Done in version 2.')
    await client.context().close()
  })

  test('a design of several pages shows each, and the first again after the second', async ({
    page,
    server,
  }) => {
    const owner = await registerUser(server)
    const catalogue = await apiAs(server, owner.token, 'GET', '/template/list?pageSize=100')
    const menu = (catalogue.data as { id: number; slug: string }[]).find(
      (t) => t.slug === 'certificate-with-back',
    )
    const made = await apiAs(server, owner.token, 'POST', '/template/duplicate', { id: menu?.id })
    const templateId = (made.data as { id: number }).id
    const shared = await apiAs(server, owner.token, 'POST', '/template/share', { id: templateId })
    const link = new URL((shared.data as { url: string }).url)
    await page.goto(`${link.pathname}${link.search}`)
    const pages = page.getByRole('navigation', { name: 'Pages' })
    const drawn = (n: number) =>
      expect
        .poll(() =>
          page
            .getByRole('img', { name: new RegExp(`^Page ${n} of `) })
            .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
        )
        .toBe(true)
    await drawn(1)
    await pages.getByRole('button', { name: 'Page 2' }).click()
    await drawn(2)
    await pages.getByRole('button', { name: 'Page 1' }).click()
    await expect(pages.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page')
    await drawn(1)
  })

  test('an unknown or expired link says to ask for a new one; the page fits a phone in Chinese', async ({
    page,
    server,
  }) => {
    await page.goto('/review?token=1.1.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA')
    await expect(page.getByRole('alert')).toHaveText(
      'This review link has expired or is not valid. Ask whoever sent it for a new one.',
    )

    const owner = await registerUser(server)
    const catalogue = await apiAs(server, owner.token, 'GET', '/template/list')
    const made = await apiAs(server, owner.token, 'POST', '/template/duplicate', {
      id: (catalogue.data as { id: number }[])[0]?.id,
    })
    const templateId = (made.data as { id: number }).id
    const shared = await apiAs(server, owner.token, 'POST', '/template/share', { id: templateId })
    const link = new URL((shared.data as { url: string }).url)
    await page.setViewportSize({ width: 390, height: 844 })
    await page.evaluate(() => localStorage.setItem('templet.language', 'zh-CN'))
    await page.goto(`${link.pathname}${link.search}`)
    await expect(page.getByRole('heading', { level: 1, name: /^审阅：/ })).toBeVisible()
    await expect(page.getByLabel('你的名字')).toBeVisible()
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow).toBeLessThanOrEqual(0)
    await expectNoAxeViolations(page)
    await page.screenshot({ path: 'test-results/review-phone-zh.png', fullPage: true })
  })
})
