import { expectNoAxeViolations } from './axe'
import { apiAs, expect, registerUser, signIn, test } from './fixtures'

/** A two-page design of the customer's own, with a client's comment on its second page through a review link. */
async function designWithAComment(server: Parameters<typeof registerUser>[0]) {
  const owner = await registerUser(server, 'Ada Owner')
  const catalogue = await apiAs(server, owner.token, 'GET', '/template/list?pageSize=100')
  const certificate = (catalogue.data as { id: number; slug: string }[]).find(
    (t) => t.slug === 'certificate-with-back',
  )
  const made = await apiAs(server, owner.token, 'POST', '/template/duplicate', { id: certificate?.id })
  const id = (made.data as { id: number }).id
  const shared = await apiAs(server, owner.token, 'POST', '/template/share', { id })
  const token = new URL((shared.data as { url: string }).url).searchParams.get('token')
  const posted = await fetch(`${server.url}/api/comment/create`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      templateId: id,
      version: 1,
      page: 1,
      x: 0.25,
      y: 0.5,
      text: 'The signature line is too short.',
      token,
      name: 'Client Carol',
    }),
  })
  expect(posted.status).toBe(200)
  return { owner, id }
}

test.describe('comments inside the designer', () => {
  test('a member reads a client’s comment pinned on the canvas, replies, resolves it and pins a new one', async ({
    page,
    server,
  }) => {
    const { owner, id } = await designWithAComment(server)
    await signIn(page, owner, `/templates/${id}/design`)
    await expect(page.getByTestId('save-state')).toHaveText('Saved · version 1')

    const toggle = page.getByRole('button', { name: /^Comments/ })
    await expect(toggle).toContainText('1 open')
    await toggle.click()
    await expect(toggle).toHaveAttribute('aria-pressed', 'true')
    const panel = page.getByRole('region', { name: 'Comments' })
    const thread = panel.getByRole('article', { name: /#1/ })
    await expect(thread).toContainText('The signature line is too short.')
    await expect(thread).toContainText('Guest')

    // The comment is on page 2: the canvas shows page 1 without its pin until asked.
    const pin = page.getByRole('button', {
      name: 'Comment 1 by Client Carol: The signature line is too short.',
    })
    await expect(pin).toHaveCount(0)
    await thread.getByRole('button', { name: 'Show on the design: comment 1' }).click()
    await expect(
      page.getByRole('region', { name: 'Pages' }).getByRole('button', { name: /^Page 2/ }),
    ).toHaveAttribute('aria-current', 'page')
    await expect(pin).toBeVisible()
    await expect(pin).toHaveAttribute('aria-pressed', 'true')
    // On its point: a quarter across and half down the page on the canvas (the pin's tip is its bottom middle).
    const frame = await page.locator('[data-slot="designer-canvas"]').boundingBox()
    const at = await pin.boundingBox()
    if (!frame || !at) throw new Error('the canvas or the pin is not shown')
    expect(Math.abs(at.x + at.width / 2 - (frame.x + frame.width * 0.25))).toBeLessThan(3)
    expect(Math.abs(at.y + at.height - (frame.y + frame.height * 0.5))).toBeLessThan(3)
    await expectNoAxeViolations(page)

    await thread.getByLabel('Reply to comment 1').fill('Longer in version 2.')
    await thread.getByRole('button', { name: 'Reply' }).click()
    await expect(thread).toContainText('Longer in version 2.')
    await thread.getByRole('button', { name: 'Resolve' }).click()
    await expect(thread.getByText('Resolved')).toBeVisible()
    await expect(toggle).not.toContainText('open')

    // A new comment, placed with a click on the page shown.
    await panel.getByRole('button', { name: 'Add comment' }).click()
    const place = page.getByRole('button', { name: 'Add a comment on the design', exact: false })
    await expect(place).toBeFocused()
    await place.click({ position: { x: frame.width * 0.75, y: frame.height * 0.2 } })
    await panel.getByLabel('Comment', { exact: true }).fill('Move the seal up a little.')
    await panel.getByRole('button', { name: 'Post comment' }).click()
    await expect(
      page.getByRole('button', { name: 'Comment 2 by Ada Owner: Move the seal up a little.' }),
    ).toBeVisible()
    await expect(toggle).toContainText('1 open')
    await page.screenshot({ path: 'test-results/designer-comments.png', fullPage: true })

    const list = await apiAs(server, owner.token, 'GET', `/comment/list?templateId=${id}`)
    const made = (
      list.data as Array<{ text: string; page: number; version: number; x: number; y: number }>
    ).find((c) => c.text === 'Move the seal up a little.')
    expect(made).toMatchObject({ page: 1, version: 1 })
    expect(made?.x).toBeCloseTo(0.75, 1)
    expect(made?.y).toBeCloseTo(0.2, 1)
  })

  test('in Chinese on a phone the comments open under the read-only designer, within the screen', async ({
    page,
    server,
  }) => {
    const { owner, id } = await designWithAComment(server)
    await page.setViewportSize({ width: 390, height: 844 })
    await page.addInitScript(() => localStorage.setItem('templet.language', 'zh-CN'))
    await signIn(page, owner, `/templates/${id}/design`)
    const toggle = page.getByRole('button', { name: /^评论/ })
    await expect(toggle).toContainText('1 条未解决')
    await toggle.click()
    const thread = page.getByRole('region', { name: '评论' }).getByRole('article', { name: /#1/ })
    await expect(thread).toContainText('The signature line is too short.')
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow).toBeLessThanOrEqual(0)
    await expectNoAxeViolations(page)
    await page.screenshot({ path: 'test-results/designer-comments-phone-zh.png', fullPage: true })
  })
})
