import { apiAs, expect, registerUser, signIn, test } from './fixtures'

type Summary = {
  credits: { balance: number; low: boolean }
  creations: { id: number; name: string }[]
  startTemplateId: number | null
}

const summaryOf = async (server: Parameters<typeof apiAs>[0], token: string) =>
  (await apiAs(server, token, 'GET', '/dashboard/summary')).data as Summary

/** Spends one credit through the API: a creation of the template with its defaults. */
async function createViaApi(
  server: Parameters<typeof apiAs>[0],
  token: string,
  templateId: number,
  name: string,
) {
  const r = await apiAs(server, token, 'POST', '/creation/create', { templateId, values: {}, name })
  expect(r.code, r.msg).toBe(0)
}

test.describe('dashboard', () => {
  test('a new account sees the empty dashboard; the start button opens the editor; a creation appears', async ({
    page,
    server,
  }) => {
    const account = await registerUser(server)
    await signIn(page, account)
    await expect(page.getByTestId('credits')).toHaveText('5')
    await expect(page.getByTestId('low-credits')).toHaveCount(0)
    await expect(page.getByText('Pay as you go')).toBeVisible()
    await expect(page.getByRole('link', { name: 'See monthly plans' })).toHaveAttribute(
      'href',
      '/pricing-plans',
    )
    await expect(page.getByText('Your images will appear here.', { exact: false })).toBeVisible()
    await expect(page.getByText('Star the template types you use most', { exact: false })).toBeVisible()

    // The start button, by keyboard, into the editor of the start template.
    const { startTemplateId } = await summaryOf(server, account.token)
    const start = page.getByRole('link', { name: 'Start creating' })
    await expect(start).toHaveAttribute('href', `/templates/${startTemplateId}/edit`)
    await start.focus()
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(new RegExp(`/templates/${startTemplateId}/edit$`))
    await expect(page.getByTestId('preview')).toBeVisible()

    await page.getByRole('button', { name: 'Create · 1 credit' }).click()
    await expect(page.getByRole('heading', { name: 'Your image is ready' })).toBeFocused()

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click()
    await expect(page.getByTestId('credits')).toHaveText('4')
    const latest = page.getByTestId('latest-creations').getByRole('link')
    await expect(latest).toHaveCount(1)
    const [made] = (await summaryOf(server, account.token)).creations
    await expect(latest).toHaveAttribute('href', `/creation/${made?.id}/edit`)
    // The thumbnail is a real image that loaded (its signed URL works in an <img>).
    const thumb = latest.locator('img')
    await expect
      .poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true)
    await expect(page.getByRole('link', { name: 'View all (1)' })).toHaveAttribute('href', '/creation')
  })

  test('a low balance shows the hint that leads to Pricing Plans', async ({ page, server }) => {
    const account = await registerUser(server)
    const { startTemplateId } = await summaryOf(server, account.token)
    for (const n of [1, 2, 3])
      await createViaApi(server, account.token, startTemplateId as number, `Card ${n}`)
    await signIn(page, account)
    await expect(page.getByTestId('credits')).toHaveText('2')
    const hint = page.getByTestId('low-credits')
    await expect(hint).toContainText('Your credits are running low.')
    await hint.getByRole('link', { name: 'See Pricing Plans' }).click()
    await expect(page).toHaveURL(/\/pricing-plans$/)
    await expect(page.getByTestId('latest-creations')).toHaveCount(0)
  })

  test('starred types show their templates, named in Chinese for a Chinese reader', async ({
    page,
    server,
  }) => {
    const account = await registerUser(server)
    const types = (await apiAs(server, account.token, 'GET', '/template-type/list')).data as {
      id: number
      slug: string
    }[]
    const social = types.find((t) => t.slug === 'social-posts')
    expect(social).toBeDefined()
    await apiAs(server, account.token, 'POST', '/template-type/star', { id: social?.id, star: true })
    await page.goto('/about-us')
    await page.evaluate(() => localStorage.setItem('templet.language', 'zh-CN'))
    await signIn(page, account)
    await expect(page.getByRole('heading', { name: '社交媒体帖子' })).toBeVisible()
    const section = page
      .locator('section', { has: page.getByRole('heading', { name: '社交媒体帖子' }) })
      .last()
    await expect(section.getByRole('link', { name: /社交媒体帖子/ })).toHaveAttribute(
      'href',
      `/templates/${social?.id}`,
    )
    expect(await section.getByRole('listitem').count()).toBeGreaterThan(0)
    await expect(page.getByRole('heading', { level: 1, name: '仪表盘' })).toBeVisible()
    await expect(page.getByText('按需购买')).toBeVisible()
  })

  test('a failed load offers a retry that loads the dashboard', async ({ page, server }) => {
    const account = await registerUser(server)
    let fail = true
    await page.route('**/api/dashboard/summary', (route) =>
      fail ? route.fulfill({ status: 503, body: 'unavailable' }) : route.continue(),
    )
    await signIn(page, account)
    const retry = page.getByRole('button', { name: 'Try again' })
    await expect(retry).toBeVisible()
    fail = false
    await retry.click()
    await expect(page.getByTestId('credits')).toHaveText('5')
  })

  test('at phone width nothing scrolls sideways, with creations and stars', async ({ page, server }) => {
    const account = await registerUser(server)
    const { startTemplateId } = await summaryOf(server, account.token)
    await createViaApi(
      server,
      account.token,
      startTemplateId as number,
      'A rather long creation name for a phone',
    )
    const types = (await apiAs(server, account.token, 'GET', '/template-type/list')).data as { id: number }[]
    for (const type of types.slice(0, 2))
      await apiAs(server, account.token, 'POST', '/template-type/star', { id: type.id, star: true })
    await page.setViewportSize({ width: 390, height: 844 })
    await signIn(page, account)
    await expect(page.getByTestId('latest-creations').getByRole('link')).toHaveCount(1)
    await expect(page.getByRole('link', { name: 'Start creating' })).toBeVisible()
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    )
    expect(overflow).toBeLessThanOrEqual(0)
  })

  for (const [width, height] of [
    [390, 844],
    [1280, 900],
  ] as const) {
    test(`a new account's dashboard loads without moving anything at ${width} px`, async ({
      page,
      server,
    }) => {
      const account = await registerUser(server)
      await page.setViewportSize({ width, height })
      // The summary held back until the app shows its skeletons, so the answer replaces them.
      let answer = () => {}
      const answered = new Promise<void>((resolve) => {
        answer = resolve
      })
      await page.route('**/api/dashboard/summary', async (route) => {
        await answered
        await route.continue()
      })
      await page.addInitScript(() => {
        type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean }
        const shifts: number[] = []
        const take = (entries: PerformanceEntry[]) => {
          for (const entry of entries as Shift[]) if (!entry.hadRecentInput) shifts.push(entry.value)
        }
        const observer = new PerformanceObserver((list) => take(list.getEntries()))
        observer.observe({ type: 'layout-shift', buffered: true })
        // With the entries recorded but not yet handed to the callback.
        Object.assign(window, {
          layoutShifts: () => {
            take(observer.takeRecords())
            return shifts
          },
        })
      })
      await signIn(page, account)
      await expect(page.locator('[data-placeholder]')).toHaveCount(0)
      await expect(page.locator('main [aria-busy="true"]').first()).toBeVisible()
      answer()
      await expect(page.getByText('Your images will appear here.', { exact: false })).toBeVisible()
      await expect(page.getByText('Pay as you go')).toBeVisible()
      // A frame records its layout shifts as it is drawn: two frames on, the one that drew the answer has been.
      await page.evaluate(
        () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
      )
      const shifts = await page.evaluate(() =>
        (window as unknown as { layoutShifts: () => number[] }).layoutShifts(),
      )
      expect(shifts).toEqual([])
    })
  }
})
