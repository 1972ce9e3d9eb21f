import type { Page } from '@playwright/test'
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
})
