import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { refundPurchase } from '../src/features/billing/purchases'
import { findUserPurchase } from '../src/features/billing/purchases.queries'
import { engines, startServer, type TestServer } from './harness'

const PAYS = '4242 4242 4242 4242'
const DECLINED = '4000 0000 0000 0002'

const dir = mkdtempSync(path.join(tmpdir(), 'templet-receipt-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
/** Runs a poppler tool (Debian's poppler-utils, installed by scripts/ensure-tools.sh) on the PDF. */
const poppler = (tool: 'pdfinfo' | 'pdftotext' | 'pdffonts', pdf: Buffer, ...args: string[]) => {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.pdf`)
  writeFileSync(file, pdf)
  return execFileSync(tool, [...args, file, ...(tool === 'pdftotext' ? ['-'] : [])], { encoding: 'utf8' })
}
/** The PDF's text as one line per line drawn, runs of spaces made one (columns are laid out with spaces). */
const textOf = (pdf: Buffer) => poppler('pdftotext', pdf, '-layout').replace(/[ \t]+/g, ' ')

describe.each(engines)('receipts as PDF on %s', { timeout: 60_000 }, (engine) => {
  let s: TestServer
  beforeAll(async () => {
    s = await startServer(engine)
  })
  afterAll(() => s.close())

  /** Pays the 49.90 pack with `cardNumber`; the purchase's id and receipt number. */
  async function pay(token: string, cardNumber: string) {
    const opened = await s.call('POST', '/checkout/create', { token, body: { offerId: 'main/payment-49-9' } })
    const r = await s.call('POST', '/checkout/pay', {
      token,
      body: { checkoutId: opened.data.checkoutId, cardNumber, expiry: '12/39', cvc: '123' },
    })
    expect(r.code, r.msg).toBe(0)
    return r.data.purchase as { id: number; receiptNumber: string; status: string }
  }

  /** The PDF download as the browser makes it, with the session's token. */
  async function download(token: string | undefined, query: Record<string, string | number>, server = s) {
    const q = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]))
    const res = await fetch(`${server.url}/api/purchase/receipt-pdf?${q}`, {
      headers: token ? { authorization: `Bucket ${token}` } : {},
    })
    return { res, body: Buffer.from(await res.arrayBuffer()) }
  }

  it('a paid receipt is a one-page A4 PDF named after its number, holding the seller, buyer, item, amount and status', async () => {
    const { token, email } = await s.signUp('Ana Lima')
    const purchase = await pay(token, PAYS)
    const { res, body } = await download(token, { id: purchase.id, lang: 'en' })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/pdf')
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="templet-receipt-${purchase.receiptNumber}.pdf"; filename*=UTF-8''templet-receipt-${purchase.receiptNumber}.pdf`,
    )
    expect(body.subarray(0, 5).toString('latin1')).toBe('%PDF-')

    const info = poppler('pdfinfo', body)
    expect(info).toMatch(/^Pages:\s+1$/m)
    expect(info).toMatch(/^Page size:\s+595\.276 x 841\.89 pts \(A4\)$/m)
    expect(info).toMatch(new RegExp(`^Title:\\s+Receipt ${purchase.receiptNumber}$`, 'm'))

    const text = textOf(body)
    // The seller from the same configuration as the web receipt (the development placeholders here).
    expect(text).toContain('Templet Development Ltd. (example seller)')
    expect(text).toContain('10115 Berlin')
    expect(text).toContain('VAT number: DE000000000 (example)')
    expect(text).toContain('billing@templet.example')
    expect(text).toContain('Ana Lima')
    expect(text).toContain(email)
    expect(text).toContain(`Receipt number ${purchase.receiptNumber}`)
    expect(text).toMatch(/Date [A-Z][a-z]+ \d{1,2}, 20\d\d at \d\d:\d\d [AP]M UTC/)
    expect(text).toContain('Payment method Visa •••• 4242')
    expect(text).toContain('Status Paid')
    expect(text).toContain('100-credit pack 100 $49.90')
    expect(text).toContain('Total paid $49.90')
    expect(text).toContain('All amounts are in USD.')
    expect(text).toContain('Thank you for your purchase.')
  })

  it('a failed payment’s receipt says failed, charges nothing, and never thanks', async () => {
    const { token } = await s.signUp('Ben Ode')
    const failed = await pay(token, DECLINED)
    expect(failed.status).toBe('failed')
    const { res, body } = await download(token, { id: failed.id, lang: 'en' })
    expect(res.status).toBe(200)
    const text = textOf(body)
    expect(text).toContain('PAYMENT FAILED')
    expect(text).toContain('Status Failed')
    // The offer is named from the configuration: a failed payment granted no credits to read it from.
    expect(text).toContain('100-credit pack 0 $49.90')
    expect(text).toContain('Total charged $0.00')
    expect(text).toContain('This payment failed: nothing was charged and no credits were added.')
    expect(text).not.toMatch(/thank/i)
  })

  it('a refunded receipt says refunded and how many credits were taken back', async () => {
    const { token, user } = await s.signUp('Cleo Park')
    const paid = await pay(token, PAYS)
    const row = await findUserPurchase(s.db.kysely, user.id, paid.id)
    expect(await refundPurchase(s.db.kysely, row as NonNullable<typeof row>, s.now())).toBe(100)
    const text = textOf((await download(token, { id: paid.id, lang: 'en' })).body)
    expect(text).toContain('REFUNDED')
    expect(text).toContain('Status Refunded')
    expect(text).toContain('Credits taken back by the refund −100')
    expect(text).toContain('This payment was refunded to the card it was paid with')
    expect(text).not.toMatch(/thank/i)
  })

  it('in Chinese the receipt is real text in an embedded subset font, the date in the reader’s zone', async () => {
    const { token } = await s.signUp('王小明')
    const failed = await pay(token, DECLINED)
    const { res, body } = await download(token, { id: failed.id, lang: 'zh-CN', timeZone: 'Asia/Shanghai' })
    expect(res.status).toBe(200)
    const text = textOf(body)
    expect(text).toContain('收据')
    expect(text).toContain('付款失败')
    expect(text).toContain('王小明')
    expect(text).toContain('销售方')
    expect(text).toContain('税号：DE000000000 (example)')
    expect(text).toContain('100 积分包 0 US$49.90')
    expect(text).toContain('扣款合计 US$0.00')
    expect(text).toContain('这笔付款失败：没有扣款，也没有增加积分。')
    expect(text).toMatch(/日期 20\d\d年\d{1,2}月\d{1,2}日 GMT\+8 \d\d:\d\d/)
    expect(text).not.toContain('感谢')
    // 小 is read back as itself, not as the Kangxi radical ⼩ that Skia's own map gives it.
    expect(text).toContain('王小明')
    expect(text).not.toContain('⼩')
    const fonts = poppler('pdffonts', body)
    expect(fonts).toMatch(/^[A-Z]{6}\+NotoSansSC-\S+\s+CID TrueType\s+Identity-H\s+yes yes yes/m)
    expect(poppler('pdfinfo', body)).toMatch(/^Title:\s+收据 R-\d{4}-\d{6}$/m)
  })

  it('without lang the receipt is in the account’s language', async () => {
    const { token } = await s.signUp('Li Na')
    const updated = await s.call('POST', '/user/update', { token, body: { locale: 'zh-CN' } })
    expect(updated.code, updated.msg).toBe(0)
    const paid = await pay(token, PAYS)
    const text = textOf((await download(token, { id: paid.id })).body)
    expect(text).toContain('状态 已付款')
    expect(text).toContain('感谢你的购买。')
  })

  it('only its owner gets it: another account’s receipt, an unknown one and no session are refused', async () => {
    const owner = await s.signUp('Dora Owner')
    const other = await s.signUp('Eve Other')
    const purchase = await pay(owner.token, PAYS)
    const theirs = await download(other.token, { id: purchase.id, lang: 'en' })
    expect(theirs.res.headers.get('content-type')).toMatch(/^application\/json/)
    expect(JSON.parse(theirs.body.toString('utf8'))).toMatchObject({ code: 404, msg: 'Purchase not found' })
    // The owner's own download of the same id works, so the 404 above is about whose it is.
    expect((await download(owner.token, { id: purchase.id })).res.headers.get('content-type')).toBe(
      'application/pdf',
    )
    const unknown = await download(owner.token, { id: purchase.id + 100_000 })
    expect(JSON.parse(unknown.body.toString('utf8'))).toMatchObject({ code: 404 })
    const anonymous = await download(undefined, { id: purchase.id })
    expect(JSON.parse(anonymous.body.toString('utf8'))).toMatchObject({ code: 401 })
  })

  it('draws at most 60 PDFs per account in 10 minutes, counted atomically when two processes are asked at once', {
    timeout: 120_000,
  }, async () => {
    const { token } = await s.signUp()
    const purchase = await pay(token, PAYS)
    const twin = await s.twin()
    let answers: Awaited<ReturnType<typeof download>>[]
    try {
      answers = await Promise.all(
        Array.from({ length: 62 }, (_, i) =>
          download(token, { id: purchase.id, lang: 'en' }, i % 2 ? twin : s),
        ),
      )
    } finally {
      await twin.close()
    }
    const pdfs = answers.filter((a) => a.res.headers.get('content-type') === 'application/pdf')
    const refused = answers.filter((a) => a.res.headers.get('content-type') !== 'application/pdf')
    expect(pdfs).toHaveLength(60)
    expect(refused).toHaveLength(2)
    for (const r of refused) {
      expect(JSON.parse(r.body.toString('utf8'))).toMatchObject({
        code: 429,
        data: { retryAfterSeconds: expect.any(Number) },
      })
    }
    // Another account is counted on its own; the window ends and the owner gets the PDF again.
    const other = await s.signUp()
    const theirs = await pay(other.token, PAYS)
    expect((await download(other.token, { id: theirs.id })).res.headers.get('content-type')).toBe(
      'application/pdf',
    )
    s.advance(600_000)
    expect((await download(token, { id: purchase.id })).res.headers.get('content-type')).toBe(
      'application/pdf',
    )
  })

  it('refuses a bad language or time zone with a message that says what to send', async () => {
    const { token } = await s.signUp()
    const purchase = await pay(token, PAYS)
    const lang = await s.call('GET', '/purchase/receipt-pdf', {
      token,
      query: { id: purchase.id, lang: 'fr' },
    })
    expect(lang).toMatchObject({ code: 400 })
    expect(lang.msg).toContain('Choose English or 简体中文')
    const zone = await s.call('GET', '/purchase/receipt-pdf', {
      token,
      query: { id: purchase.id, timeZone: 'Mars/Olympus' },
    })
    expect(zone).toMatchObject({ code: 400 })
    expect(zone.msg).toContain('timeZone must be an IANA time zone such as Europe/Berlin')
  })
})
