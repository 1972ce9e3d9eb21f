import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, registerUser, signIn, test } from './fixtures'

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')
type Sharp = (input: object) => { png(): { toBuffer(): Promise<Buffer> } }
const sharp = createRequire(path.join(repoRoot, 'apps/server/package.json'))('sharp') as Sharp

/** Uploads a 120 × 80 PNG of one colour through the API; returns its id. */
async function uploadPng(url: string, token: string): Promise<number> {
  const png = await sharp({ create: { width: 120, height: 80, channels: 3, background: '#2a9d8f' } })
    .png()
    .toBuffer()
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'photo.png')
  const res = await fetch(`${url}/api/upload/image`, {
    method: 'POST',
    headers: { authorization: `Bucket ${token}` },
    body: form,
  })
  const reply = (await res.json()) as { code: number; data: { id: number } }
  expect(reply.code).toBe(0)
  return reply.data.id
}

test.describe('My uploads', () => {
  test('shows the storage used of the plan’s allowance, lists the uploads, and deletes one after confirming', async ({
    page,
    server,
  }) => {
    const account = await registerUser(server, 'Mary Shelley')
    await uploadPng(server.url, account.token)
    await uploadPng(server.url, account.token)
    await signIn(page, account)
    await page.getByRole('button', { name: 'Account menu' }).click()
    await page.getByRole('menuitem', { name: 'My uploads' }).click()
    await expect(page).toHaveURL(/\/uploads$/)
    await expect(page.getByRole('heading', { level: 1, name: 'My uploads' })).toBeVisible()
    await expect(page.getByRole('progressbar', { name: 'Storage used' })).toHaveAttribute(
      'aria-valuetext',
      /^0 MB of 100 MB used$/,
    )
    await expect(page.getByText('Free plan · subscribe for more space')).toBeVisible()
    await expect(page.getByText('Uploads that no creation uses are deleted after 30 days.')).toBeVisible()
    const list = page.getByTestId('upload-list')
    await expect(list.getByRole('listitem')).toHaveCount(2)
    await expect(list.getByRole('img', { name: 'Uploaded image, 120×80' }).first()).toBeVisible()

    await list.getByRole('button', { name: 'Delete the 120×80 image' }).first().click()
    const dialog = page.getByRole('dialog', { name: 'Delete this upload?' })
    await dialog.getByRole('button', { name: 'Delete' }).click()
    await expect(page.getByText('The upload was deleted.', { exact: true })).toBeVisible()
    await expect(list.getByRole('listitem')).toHaveCount(1)
  })
})
