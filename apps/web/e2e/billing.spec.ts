import type { Page } from '@playwright/test'
import { expectNoAxeViolations } from './axe'
import { type Account, apiAs, expect, registerUser, signIn, test } from './fixtures'

let counter = 0
function newEmail() {
  counter += 1
  return `buyer-${process.pid}-${Date.now()}-${counter}@example.com`
}

/** Fills the sandbox card form the way a customer types it. */
async function fillCard(page: Page, number: string, expiry = '12/34', cvc = '123') {
  await page.getByLabel('Card number').pressSequentially(number.replace(/\s/g, ''))
  await page.getByLabel('Expiry date').pressSequentially(expiry.replace('/', ''))
  await page.getByLabel('Security code (CVC)').fill(cvc)
}

async function balanceOf(server: Parameters<typeof apiAs>[0], account: Account): Promise<number> {
  const me = await apiAs(server, account.token, 'GET', '/user/my-info')
  return (me.data as { credits: number }).credits
}

test.describe('checkout', () => {
  test('an anonymous visitor registers inline, stays on the page and pays with 4242 4242 4242 4242', async ({
    page,
    server,
  }) => {
    await page.goto('/checkout/main/payment-49-9')
    const offer = page.getByTestId('offer')
    await expect(offer.getByRole('heading', { name: 'One-off purchase' })).toBeVisible()
    await expect(offer).toContainText('$49.90')
    await expect(offer).toContainText('100 credits')
    // No internal words.
    await expect(page.locator('body')).not.toContainText(/offer group|page variant|promo/i)

    await expect(page.getByRole('heading', { name: 'Your account' })).toBeVisible()
    await page.getByLabel('Name').fill('Grace Hopper')
    await page.getByLabel('Email').fill(newEmail())
    await page.getByLabel('Password', { exact: true }).fill('correct horse battery')
    await page.getByRole('button', { name: 'Create account and continue' }).click()

    await expect(page).toHaveURL(/\/checkout\/main\/payment-49-9$/)
    await expect(page.getByText(/^Paying as Grace Hopper/)).toBeVisible()
    await expect(page.getByTestId('checkout-balance')).toHaveText('Current balance: 5 credits')

    const number = page.getByLabel('Card number')
    await number.pressSequentially('4242424242424242')
    await expect(number).toHaveValue('4242 4242 4242 4242')
    await expect(page.getByTestId('card-brand')).toContainText('Visa')
    await expect(number).toHaveAttribute('autocomplete', 'cc-number')
    await expect(page.getByLabel('Expiry date')).toHaveAttribute('autocomplete', 'cc-exp')
    await expect(page.getByLabel('Security code (CVC)')).toHaveAttribute('autocomplete', 'cc-csc')
    await page.getByLabel('Expiry date').pressSequentially('1234')
    await expect(page.getByLabel('Expiry date')).toHaveValue('12 / 34')
    await page.getByLabel('Security code (CVC)').fill('123')
    await page.getByRole('button', { name: 'Pay $49.90' }).dblclick()

    const success = page.getByTestId('checkout-success')
    await expect(success.getByRole('heading', { name: 'Payment successful' })).toBeFocused()
    await expect(success).toContainText('100 credits added')
    await expect(page.getByTestId('checkout-new-balance')).toHaveText('Your balance is now 105 credits.')
    await expect(success.getByRole('link', { name: 'Go to Templates' })).toHaveAttribute('href', '/templates')
    // The double click paid once.
    const token = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}').token as string)
    const list = await apiAs(server, token, 'GET', '/purchase/list')
    expect(list.total).toBe(1)
    expect((list.data as { variant: string }[])[0]?.variant).toBe('checkout')
  })

  test('a declined card and insufficient funds say so and grant nothing; another card then pays', async ({
    page,
    server,
  }) => {
    const account = await registerUser(server)
    await signIn(page, account, '/checkout/main/payment-84-9')
    await expect(page.getByTestId('checkout-balance')).toHaveText('Current balance: 5 credits')

    await fillCard(page, '4000 0000 0000 0002')
    await page.getByRole('button', { name: 'Pay $84.90' }).click()
    await expect(page.getByRole('alert')).toHaveText(
      'Your card was declined. Nothing was charged. Try another card.',
    )
    expect(await balanceOf(server, account)).toBe(5)

    await page.getByLabel('Card number').fill('')
    await page.getByLabel('Card number').pressSequentially('4000000000009995')
    await expect(page.getByText('Your card was declined')).toBeHidden()
    await page.getByRole('button', { name: 'Pay $84.90' }).click()
    await expect(page.getByRole('alert')).toHaveText(
      'Your card has insufficient funds. Nothing was charged. Try another card.',
    )
    expect(await balanceOf(server, account)).toBe(5)
    await expect(page.getByTestId('checkout-balance')).toHaveText('Current balance: 5 credits')

    await page.getByLabel('Card number').fill('')
    await page.getByLabel('Card number').pressSequentially('4242424242424242')
    await page.getByRole('button', { name: 'Pay $84.90' }).click()
    await expect(page.getByTestId('checkout-new-balance')).toHaveText('Your balance is now 225 credits.')
    expect(await balanceOf(server, account)).toBe(225)
  })

  test('the card form checks the number, the expiry and the CVC before anything is sent', async ({
    page,
    server,
  }) => {
    await signIn(page, await registerUser(server), '/checkout/main/payment-49-9')
    await page.getByRole('button', { name: 'Pay $49.90' }).click()
    await expect(page.getByText('Enter the card number')).toBeVisible()
    await expect(page.getByLabel('Card number')).toBeFocused()
    await expect(page.getByText('Enter the expiry date')).toBeVisible()
    await expect(page.getByText('Enter the security code')).toBeVisible()

    await page.getByLabel('Card number').pressSequentially('4242424242424241')
    await page.getByLabel('Card number').press('Tab')
    await expect(page.getByText('This card number is not valid; check the digits')).toBeVisible()
    await expect(page.getByLabel('Card number')).toHaveAttribute('aria-invalid', 'true')

    await page.getByLabel('Expiry date').pressSequentially('0120')
    await page.getByLabel('Expiry date').press('Tab')
    await expect(page.getByText('This card has expired')).toBeVisible()
    await page.getByLabel('Security code (CVC)').fill('12')
    await page.getByLabel('Security code (CVC)').press('Tab')
    await expect(page.getByText('The security code is 3 or 4 digits')).toBeVisible()

    // American Express: grouped 4-6-5, brand shown.
    await page.getByLabel('Card number').fill('')
    await page.getByLabel('Card number').pressSequentially('378282246310005')
    await expect(page.getByLabel('Card number')).toHaveValue('3782 822463 10005')
    await expect(page.getByTestId('card-brand')).toContainText('American Express')
  })

  test('/checkout1 is the other layout of the same offer; the variant is recorded, returnTo leads back', async ({
    page,
    server,
  }) => {
    const account = await registerUser(server)
    await signIn(page, account, '/checkout1/promo/payment-139-9?returnTo=%2Fcreation%3Fpage%3D2')
    await expect(page.getByRole('heading', { level: 1, name: 'Complete your purchase' })).toBeVisible()
    const offer = page.getByTestId('offer')
    await expect(offer.getByRole('heading', { name: 'What you get' })).toBeVisible()
    await expect(offer).toContainText('480 credits')
    await expect(offer).toContainText('$139.90')
    await fillCard(page, '5555 5555 5555 4444')
    await expect(page.getByTestId('card-brand')).toContainText('Mastercard')
    await page.getByRole('button', { name: 'Pay $139.90' }).click()
    await expect(page.getByTestId('checkout-new-balance')).toHaveText('Your balance is now 485 credits.')
    await expect(page.getByRole('link', { name: 'Continue where you left off' })).toHaveAttribute(
      'href',
      '/creation?page=2',
    )
    const list = await apiAs(server, account.token, 'GET', '/purchase/list')
    expect((list.data as { variant: string; offerId: string }[])[0]).toMatchObject({
      variant: 'checkout1',
      offerId: 'promo/payment-139-9',
    })

    // Another site is never a way back.
    await page.goto('/checkout/main/payment-49-9?returnTo=https%3A%2F%2Fevil.example%2F')
    await fillCard(page, '4242 4242 4242 4242')
    await page.getByRole('button', { name: 'Pay $49.90' }).click()
    await expect(page.getByRole('link', { name: 'Go to Templates' })).toHaveAttribute('href', '/templates')
  })

  test('a Chinese visitor reads the checkout, the card errors and the decline in Chinese', async ({
    browser,
    server,
  }) => {
    const context = await browser.newContext({ baseURL: server.url, locale: 'zh-CN' })
    const page = await context.newPage()
    await page.goto('/checkout/main/subscription-49-9')
    await expect(page.getByRole('heading', { name: '月度订阅' })).toBeVisible()
    await expect(page.getByTestId('offer')).toContainText('每月 125 积分')
    await page.getByLabel('邮箱').fill(newEmail())
    await page.getByLabel('密码', { exact: true }).fill('correct horse battery')
    await page.getByRole('button', { name: '创建账户并继续' }).click()
    await expect(page.getByTestId('checkout-balance')).toHaveText('当前余额：5 积分')

    await page.getByLabel('卡号').pressSequentially('4242424242424241')
    await page.getByLabel('卡号').press('Tab')
    await expect(page.getByText('卡号无效，请检查数字')).toBeVisible()
    await page.getByLabel('卡号').fill('')
    await page.getByLabel('卡号').pressSequentially('4000000000000002')
    await page.getByLabel('有效期').pressSequentially('1234')
    await page.getByLabel('安全码（CVC）').fill('123')
    await page.getByRole('button', { name: /^支付 .*并订阅$/ }).click()
    await expect(page.getByRole('alert')).toHaveText('你的银行卡被拒绝，未扣除任何费用。请换一张卡。')
    await page.getByLabel('卡号').fill('')
    await page.getByLabel('卡号').pressSequentially('4242424242424242')
    await page.getByRole('button', { name: /^支付 .*并订阅$/ }).click()
    await expect(page.getByRole('heading', { name: '付款成功' })).toBeVisible()
    await expect(page.getByTestId('checkout-new-balance')).toHaveText('你当前的余额为 130 积分。')
    await context.close()
  })
})

test.describe('purchase history and pricing plans', () => {
  test('a purchase, a failed attempt, the receipt and the credit history appear in Purchase History', async ({
    page,
    server,
  }) => {
    const account = await registerUser(server)
    await signIn(page, account, '/purchase-history')
    await expect(page.getByRole('heading', { name: 'No purchases yet' })).toBeVisible()

    await page.goto('/checkout/main/payment-49-9')
    await fillCard(page, '4000 0000 0000 9995')
    await page.getByRole('button', { name: 'Pay $49.90' }).click()
    await expect(page.getByText(/insufficient funds/)).toBeVisible()
    await page.getByLabel('Card number').fill('')
    await page.getByLabel('Card number').pressSequentially('4242424242424242')
    await page.getByRole('button', { name: 'Pay $49.90' }).click()
    await page.getByRole('link', { name: 'View receipt' }).click()
    await expect(page).toHaveURL(/\/purchase-history\/\d+$/)
    const receipt = page.getByTestId('receipt')
    await expect(receipt).toContainText('100-credit pack')
    await expect(receipt).toContainText('$49.90')
    await expect(receipt).toContainText('USD')
    await expect(receipt).toContainText('Paid')
    await expect(receipt).toContainText(account.email)
    await expect(receipt).toContainText('Visa •••• 4242')
    await expect(page.getByRole('button', { name: 'Print receipt' })).toBeVisible()
    // Printed, the receipt stands alone.
    await page.emulateMedia({ media: 'print' })
    await expect(page.locator('[data-slot="sidebar"]')).toBeHidden()
    await expect(page.getByRole('button', { name: 'Print receipt' })).toBeHidden()
    await expect(receipt).toBeVisible()
    await page.emulateMedia({ media: 'screen' })

    await page.getByRole('link', { name: 'Back to Purchase History' }).click()
    const rows = page.getByTestId('purchase-list').locator('tbody tr')
    await expect(rows).toHaveCount(2)
    await expect(rows.nth(0)).toContainText('100-credit pack')
    await expect(rows.nth(0)).toContainText('Paid')
    await expect(rows.nth(0)).toContainText('+100')
    await expect(rows.nth(1)).toContainText('Failed')
    await expect(rows.nth(1)).toContainText('$49.90')

    await page.getByRole('link', { name: 'Credit history' }).click()
    await expect(page).toHaveURL(/tab=credits/)
    const credits = page.getByTestId('credit-list').locator('tbody tr')
    await expect(credits).toHaveCount(2)
    await expect(credits.nth(0)).toContainText('Credit pack')
    await expect(credits.nth(0)).toContainText('+100')
    await expect(credits.nth(0)).toContainText('105')
    await expect(credits.nth(1)).toContainText('Welcome credits')
    await expect(credits.nth(1)).toContainText('+5')

    // Another account's receipt is not found.
    const mine = await apiAs(server, account.token, 'GET', '/purchase/list')
    const paidId = (mine.data as { id: number; status: string }[]).find((p) => p.status === 'paid')?.id
    await signIn(page, await registerUser(server), `/purchase-history/${paidId}`)
    await expect(
      page.getByText('This receipt does not exist, or it belongs to another account.'),
    ).toBeVisible()
  })

  test('purchase history pages through many purchases', async ({ page, server }) => {
    const account = await registerUser(server)
    for (let i = 0; i < 11; i += 1) {
      const opened = await apiAs(server, account.token, 'POST', '/checkout/create', {
        offerId: 'main/payment-49-9',
      })
      const { checkoutId } = opened.data as { checkoutId: string }
      const paid = await apiAs(server, account.token, 'POST', '/checkout/pay', {
        checkoutId,
        cardNumber: '4242424242424242',
        expiry: '12/34',
        cvc: '123',
      })
      expect(paid.code).toBe(0)
    }
    await signIn(page, account, '/purchase-history')
    await expect(page.getByText('Page 1 of 2')).toBeVisible()
    await expect(page.getByTestId('purchase-list').locator('tbody tr')).toHaveCount(10)
    await page.getByRole('button', { name: 'Next' }).click()
    await expect(page).toHaveURL(/page=2/)
    await expect(page.getByTestId('purchase-list').locator('tbody tr')).toHaveCount(1)
  })

  test('a subscription is bought, switched, cancelled and resumed on Pricing Plans', async ({
    page,
    server,
  }) => {
    const account = await registerUser(server)
    await signIn(page, account, '/pricing-plans')
    await expect(page.getByText('Pay as you go: no monthly plan.')).toBeVisible()
    await expect(page.getByTestId('plans-balance')).toHaveText('5 credits')
    await page.getByRole('link', { name: 'Subscribe: 275 credits a month for $84.90' }).click()
    await expect(page).toHaveURL(/\/checkout\/main\/subscription-84-9$/)
    await fillCard(page, '4242 4242 4242 4242')
    await page.getByRole('button', { name: 'Pay $84.90 and subscribe' }).click()
    await expect(page.getByText('Your monthly plan is active.')).toBeVisible()
    await expect(page.getByTestId('checkout-new-balance')).toHaveText('Your balance is now 280 credits.')

    await page.goto('/pricing-plans')
    await expect(page.getByTestId('plans-balance')).toHaveText('280 credits')
    await expect(page.getByText('275 credits a month', { exact: true })).toBeVisible()
    await expect(page.getByTestId('plan-status')).toHaveText(/^Renews on /)
    await expect(page.getByTestId('offer-subscription-84-9')).toContainText('Current plan')
    await expect(page.getByText(/A change of plan takes effect at your next renewal/)).toBeVisible()

    // A switch asks first, saying the new price, when it applies and what happens to the credits.
    await page.getByRole('button', { name: 'Switch to 500 credits a month for $139.90' }).click()
    const confirm = page.getByRole('dialog', { name: 'Switch to 500 credits a month?' })
    await expect(confirm).toBeVisible()
    const terms = confirm.getByTestId('switch-terms')
    await expect(terms).toContainText('The new plan costs $139.90 a month and gives 500 credits a month.')
    await expect(terms).toContainText(
      /It starts at your next renewal, on .*: that day you are charged \$139\.90 instead of \$84\.90\. Nothing is charged today/,
    )
    await expect(terms).toContainText('Your 280 credits stay on your account; credits do not expire.')
    await expectNoAxeViolations(page)
    // Dismissed, nothing changes.
    await confirm.getByRole('button', { name: 'Keep my plan' }).click()
    await expect(confirm).toBeHidden()
    expect((await apiAs(server, account.token, 'GET', '/subscription/current')).data).toMatchObject({
      nextOfferId: null,
    })
    await page.getByRole('button', { name: 'Switch to 500 credits a month for $139.90' }).click()
    await confirm.getByRole('button', { name: /^Switch on / }).click()
    await expect(confirm).toBeHidden()
    await expect(page.getByTestId('plan-next')).toHaveText(
      /^From .* on: 500 credits a month for \$139\.90\.$/,
    )
    let current = await apiAs(server, account.token, 'GET', '/subscription/current')
    expect(current.data).toMatchObject({
      offerId: 'main/subscription-84-9',
      nextOfferId: 'main/subscription-139-9',
    })

    await page.getByRole('button', { name: 'Cancel plan' }).click()
    const dialog = page.getByRole('dialog', { name: 'Cancel your monthly plan?' })
    await expect(dialog).toBeVisible()
    await dialog.getByRole('button', { name: /^Cancel at / }).click()
    await expect(dialog).toBeHidden()
    await expect(page.getByTestId('plan-status')).toHaveText(/^Cancelled: your plan stays active until /)
    current = await apiAs(server, account.token, 'GET', '/subscription/current')
    expect(current.data).toMatchObject({ cancelAtPeriodEnd: true, status: 'active' })

    await page.getByRole('button', { name: 'Keep my plan' }).click()
    await expect(page.getByTestId('plan-status')).toHaveText(/^Renews on /)
    current = await apiAs(server, account.token, 'GET', '/subscription/current')
    expect(current.data).toMatchObject({ cancelAtPeriodEnd: false })

    // The dashboard names the plan in the same words, and the balance follows the purchase.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click()
    await expect(page.getByText('Monthly plan, 275 credits a month')).toBeVisible()
    await expect(page.getByTestId('credits')).toHaveText('280')

    // A second subscription is refused on its checkout page, with the way to change plan instead.
    await page.goto('/checkout/main/subscription-49-9')
    await expect(page.getByText('You already have a monthly plan.', { exact: false })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Go to Pricing Plans' })).toBeVisible()
  })

  test('Pricing Plans opened with returnTo (the editor at 0 credits) leads back there after paying', async ({
    page,
    server,
  }) => {
    await signIn(page, await registerUser(server), '/pricing-plans?returnTo=%2Ftemplates%3Ftype%3D2')
    await page.getByRole('link', { name: 'Buy 100 credits for $49.90' }).click()
    await expect(page).toHaveURL(/\/checkout\/main\/payment-49-9\?returnTo=%2Ftemplates%3Ftype%3D2$/)
    await fillCard(page, '4242 4242 4242 4242')
    await page.getByRole('button', { name: 'Pay $49.90' }).click()
    await page.getByRole('link', { name: 'Continue where you left off' }).click()
    await expect(page).toHaveURL(/\/templates\?type=2$/)
  })

  test('the public plans page reads the offers from the server', async ({ page }) => {
    await page.goto('/subscription')
    // The page is pre-rendered with placeholders; the offers arrive after hydration (slow on a busy machine).
    await expect(page.getByRole('link', { name: 'Buy 220 credits for $84.90' })).toBeVisible({
      timeout: 20_000,
    })
    await expect(page.getByRole('link', { name: /^(Buy|Subscribe)/ })).toHaveCount(6)
  })

  test('the return from the payment provider reads the checkout: paid shows the credits, cancelled says so', async ({
    page,
    server,
  }) => {
    // A sandbox checkout paid through the API stands in for one a provider's webhook has granted.
    const account = await registerUser(server)
    const opened = await apiAs(server, account.token, 'POST', '/checkout/create', {
      offerId: 'main/payment-84-9',
    })
    const { checkoutId } = opened.data as { checkoutId: string }
    await apiAs(server, account.token, 'POST', '/checkout/pay', {
      checkoutId,
      cardNumber: '4242424242424242',
      expiry: '12/34',
      cvc: '123',
    })
    await signIn(page, account, `/checkout/main/payment-84-9?checkoutId=${checkoutId}&result=success`)
    await expect(page.getByTestId('checkout-success')).toContainText('220 credits added')
    await expect(page.getByTestId('checkout-new-balance')).toHaveText('Your balance is now 225 credits.')

    await page.goto(`/checkout/main/payment-49-9?checkoutId=${checkoutId}&result=cancel`)
    await expect(page.getByRole('status').filter({ hasText: 'The payment was cancelled.' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Pay $49.90' })).toBeVisible()
  })

  test('keyboard only: pay on the checkout page, then cancel the plan through its dialog', async ({
    page,
    server,
  }) => {
    await signIn(page, await registerUser(server), '/checkout/main/subscription-49-9')
    await page.getByLabel('Card number').focus()
    await page.keyboard.type('4242424242424242')
    await page.keyboard.press('Tab')
    await expect(page.getByLabel('Expiry date')).toBeFocused()
    await page.keyboard.type('1234')
    await page.keyboard.press('Tab')
    await expect(page.getByLabel('Security code (CVC)')).toBeFocused()
    await page.keyboard.type('123')
    await page.keyboard.press('Enter')
    await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeFocused()

    await page.goto('/pricing-plans')
    await page.getByRole('button', { name: 'Cancel plan' }).focus()
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: 'Cancel your monthly plan?' })
    await expect(dialog).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    await expect(page.getByRole('button', { name: 'Cancel plan' })).toBeFocused()
    await page.keyboard.press('Enter')
    await dialog.getByRole('button', { name: /^Cancel at / }).focus()
    await page.keyboard.press('Enter')
    await expect(page.getByTestId('plan-status')).toHaveText(/^Cancelled: /)
  })
})
