import { expect, test } from './fixtures'

test.describe('the landing page', () => {
  for (const [language, suffix] of [
    ['en', '-en.webp'],
    ['zh-CN', '-zh-CN.webp'],
  ] as const)
    test(`its hero shows real catalogue renders in the reader's language (${language}), sized before they load`, async ({
      page,
    }) => {
      await page.addInitScript((lang) => localStorage.setItem('templet.language', lang), language)
      await page.goto('/')
      const hero = page.locator('main section').first().getByRole('img')
      await expect(hero).toHaveCount(3)
      for (const img of await hero.all()) {
        await expect(img).toHaveAttribute('src', new RegExp(`^/examples/.+${suffix.replace('.', '\\.')}$`))
        // Width and height from the render: the page keeps its layout while the files load (CLS 0).
        expect(Number(await img.getAttribute('width'))).toBeGreaterThan(0)
        expect(Number(await img.getAttribute('height'))).toBeGreaterThan(0)
        await expect(img).not.toHaveAttribute('loading', 'lazy')
        await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBeGreaterThan(0)
      }
      await expect(hero.first()).toHaveAccessibleName(/template|模板/)
    })
})
