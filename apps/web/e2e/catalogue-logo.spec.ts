import { apiAs, expect, registerUser, signIn, test } from './fixtures'

/**
 * A catalogue template with a logo of its own (`sample:logo-peak`, the catalogue's image): the fill-in editor's
 * canvas draws it from the catalogue's address, where the server's render draws it, and asks for no field.
 */
test('the fill-in editor draws a catalogue template’s own logo in the browser', async ({ page, server }) => {
  const account = await registerUser(server, 'Lena Hart')
  const list = await apiAs(server, account.token, 'GET', '/template/list?q=hiring%20post&pageSize=100')
  const row = (list.data as Array<{ id: number; slug: string }>).find((t) => t.slug === 'hiring-post-logo')
  if (!row) throw new Error('hiring-post-logo is not in the catalogue')
  await signIn(page, account, `/templates/${row.id}/edit`)
  const preview = page.getByTestId('preview')
  await expect(preview).toBeVisible()
  // Inside the logo's navy square (#14213d), left of its peaks: the logo's box is 90, 940, 84 × 84 of 1080.
  const logoPixel = () =>
    preview.evaluate((el: HTMLCanvasElement) => {
      const k = el.width / 1080
      const px = el
        .getContext('2d')
        ?.getImageData(Math.round((90 + 84 * 0.12) * k), Math.round(982 * k), 1, 1).data
      return [...(px ?? [])].slice(0, 3)
    })
  await expect
    .poll(async () => (await logoPixel()).every((v, i) => Math.abs(v - ([0x14, 0x21, 0x3d][i] ?? 0)) <= 16))
    .toBe(true)
})

test('the designer draws a catalogue template’s own logo on its canvas', async ({ page, server }) => {
  const account = await registerUser(server, 'Lena Hart')
  const list = await apiAs(server, account.token, 'GET', '/template/list?q=hiring%20post&pageSize=100')
  const row = (list.data as Array<{ id: number; slug: string }>).find((t) => t.slug === 'hiring-post-logo')
  if (!row) throw new Error('hiring-post-logo is not in the catalogue')
  await signIn(page, account, `/templates/${row.id}/design`)
  const logo = page.locator('[data-layer="logo"]')
  await expect(logo).toBeVisible()
  // The canvas under the logo's button, inside its navy square left of the peaks.
  const logoPixel = () =>
    logo.evaluate((button) => {
      const canvas = button.closest('[role="group"]')?.querySelector('canvas')
      if (!canvas) return []
      const b = button.getBoundingClientRect()
      const c = canvas.getBoundingClientRect()
      const k = canvas.width / c.width
      const x = Math.round((b.left + b.width * 0.12 - c.left) * k)
      const y = Math.round((b.top + b.height * 0.5 - c.top) * k)
      return [...(canvas.getContext('2d')?.getImageData(x, y, 1, 1).data ?? [])].slice(0, 3)
    })
  await expect
    .poll(async () => (await logoPixel()).every((v, i) => Math.abs(v - ([0x14, 0x21, 0x3d][i] ?? 0)) <= 16))
    .toBe(true)
})
