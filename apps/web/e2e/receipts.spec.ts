import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import type { Page } from '@playwright/test'
import { expectNoAxeViolations } from './axe'
import { type Account, apiAs, expect, registerUser, signIn, type TempletServer, test } from './fixtures'

/** Pays the 49.90 pack with `cardNumber` through the API; returns the purchase (paid or failed). */
async function pay(server: TempletServer, account: Account, cardNumber: string) {
  const opened = await apiAs(server, account.token, 'POST', '/checkout/create', {
    offerId: 'main/payment-49-9',
  })
  const { checkoutId } = opened.data as { checkoutId: string }
  const paid = await apiAs(server, account.token, 'POST', '/checkout/pay', {
    checkoutId,
    cardNumber,
    expiry: '12/34',
    cvc: '123',
  })
  expect(paid.code, paid.msg).toBe(0)
  return (paid.data as { purchase: { id: number; status: string; receiptNumber: string } }).purchase
}

/** Clicks "Download PDF" (in the page's language) and returns the saved file's name, bytes and text (poppler's pdftotext). */
async function downloadPdf(page: Page, label: string) {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: label }).click(),
  ])
  const file = await download.path()
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/[ \t]+/g, ' ')
  return { name: download.suggestedFilename(), bytes: readFileSync(file), text }
}

test.describe('receipts and the seller', () => {
  test('a failed payment’s receipt says failed, never thanks, and names the seller', async ({
    page,
    server,
  }) => {
    const account = await registerUser(server)
    const failed = await pay(server, account, '4000000000000002')
    expect(failed.status).toBe('failed')
    await signIn(page, account, `/purchase-history/${failed.id}`)
    await expect(page.getByTestId('receipt-status')).toHaveText('Payment failed')
    await expect(page.getByTestId('receipt')).toContainText('Failed')
    await expect(page.getByTestId('receipt-closing')).toHaveText(
      /^This payment failed: nothing was charged and no credits were added\./,
    )
    await expect(page.getByText('Thank you for your purchase.')).toHaveCount(0)
    const seller = page.getByTestId('seller')
    await expect(seller).toContainText('Templet Development Ltd. (example seller)')
    await expect(seller).toContainText('10115 Berlin')
    await expect(seller).toContainText('VAT number: DE000000000 (example)')
    await expectNoAxeViolations(page)

    await page.getByLabel('Language').selectOption('zh-CN')
    await expect(page.getByTestId('receipt-status')).toHaveText('付款失败')
    await expect(page.getByTestId('receipt-closing')).toContainText('这笔付款失败')
  })

  test('a paid receipt thanks the customer; the policies name the seller too', async ({ page, server }) => {
    const account = await registerUser(server)
    const paid = await pay(server, account, '4242424242424242')
    await signIn(page, account, `/purchase-history/${paid.id}`)
    await expect(page.getByTestId('receipt-closing')).toHaveText('Thank you for your purchase.')
    await expect(page.getByTestId('receipt-status')).toHaveCount(0)
    await expect(page.getByTestId('seller')).toContainText('billing@templet.example')

    for (const path of ['/terms', '/privacy', '/refund']) {
      await page.goto(path)
      const seller = page.getByTestId('seller')
      await expect(seller).toContainText('Templet Development Ltd. (example seller)')
      await expect(seller).toContainText('VAT number: DE000000000 (example)')
    }
    await expectNoAxeViolations(page)
  })

  test('the plans state the price per credit, and the plan claim the figures bear out', async ({
    page,
    server,
  }) => {
    await signIn(page, await registerUser(server), '/pricing-plans')
    await expect(page.getByTestId('offer-payment-49-9')).toContainText('$0.499 per credit')
    await expect(page.getByTestId('offer-subscription-49-9')).toContainText('$0.399 per credit')
    await expect(page.getByTestId('offer-subscription-139-9')).toContainText('$0.28 per credit')
    await expect(
      page.getByText(
        'Credits every month, 25% more than the pack at the same price, so each credit costs less.',
      ),
    ).toBeVisible()
    await expectNoAxeViolations(page)
  })

  test('Download PDF saves the receipt as a named PDF in the page’s language; a failed one says failed', async ({
    page,
    server,
  }) => {
    const account = await registerUser(server, 'Grace Hopper')
    const paid = await pay(server, account, '4242424242424242')
    const { receiptNumber } = paid
    await signIn(page, account, `/purchase-history/${paid.id}`)
    const english = await downloadPdf(page, 'Download PDF')
    expect(english.name).toBe(`templet-receipt-${receiptNumber}.pdf`)
    expect(english.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-')
    expect(english.text).toContain(`Receipt number ${receiptNumber}`)
    expect(english.text).toContain('Templet Development Ltd. (example seller)')
    expect(english.text).toContain('Grace Hopper')
    expect(english.text).toContain(account.email)
    expect(english.text).toContain('100-credit pack 100 $49.90')
    expect(english.text).toContain('Status Paid')
    expect(english.text).toContain('Thank you for your purchase.')
    await expect(page.getByRole('button', { name: 'Download PDF' })).toBeEnabled()

    const failed = await pay(server, account, '4000000000000002')
    await page.goto(`/purchase-history/${failed.id}`)
    await page.getByLabel('Language').selectOption('zh-CN')
    await expect(page.getByTestId('receipt-status')).toHaveText('付款失败')
    const chinese = await downloadPdf(page, '下载 PDF')
    expect(chinese.name).toBe(`templet-receipt-${failed.receiptNumber}.pdf`)
    expect(chinese.text).toContain('收据')
    expect(chinese.text).toContain('付款失败')
    expect(chinese.text).toContain('状态 失败')
    expect(chinese.text).toContain('扣款合计 US$0.00')
    expect(chinese.text).not.toContain('感谢')

    // A PDF that cannot be made is said beside the button, which stays there to try again.
    await page.route('**/api/purchase/receipt-pdf?*', (route) =>
      route.fulfill({ json: { code: 500, msg: 'Internal error', data: null } }),
    )
    await page.getByRole('button', { name: '下载 PDF' }).click()
    await expect(page.getByRole('alert').filter({ hasText: '无法生成 PDF' })).toHaveText(
      '无法生成 PDF，请稍后重试。',
    )
    await expect(page.getByRole('button', { name: '下载 PDF' })).toBeEnabled()
    await page.unrouteAll()
    await page.route('**/api/purchase/receipt-pdf?*', (route) =>
      route.fulfill({ json: { code: 429, msg: 'Too many requests', data: { retryAfterSeconds: 290 } } }),
    )
    await page.getByRole('button', { name: '下载 PDF' }).click()
    await expect(page.getByRole('alert').filter({ hasText: 'PDF' })).toHaveText(
      '刚才下载的 PDF 过多。请在 5 分钟后重试。',
    )
  })
})
