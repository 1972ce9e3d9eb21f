import type {
  CreditEntry,
  OfferKind,
  OfferTier,
  PurchaseStatus,
  ReceiptData,
  Seller,
} from '@templet/api/contract'
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import { notFound } from '../../errors'
import { findUserWithCredits } from '../accounts/users.queries'
import { receiptCustomer } from './billing-details'
import { countLedgerRows, ledgerBalance, ledgerPage } from './ledger.queries'
import { receiptNumber, toPurchase } from './purchases'
import { countPurchases, findUserPurchase, listPurchases } from './purchases.queries'

/** What a customer reads of their billing: purchases, a purchase's receipt, the balance and the credit history. */
export class BillingHistory {
  constructor(
    private readonly db: Kysely<Database>,
    /** Who sells, named on every receipt. */
    private readonly seller: Seller,
  ) {}

  async purchases(userId: number, q: { page: number; pageSize: number }) {
    const [rows, total] = await Promise.all([
      listPurchases(this.db, userId, { limit: q.pageSize, offset: (q.page - 1) * q.pageSize }),
      countPurchases(this.db, userId),
    ])
    return { items: rows.map(toPurchase), total }
  }

  async receipt(userId: number, id: number): Promise<ReceiptData> {
    const p = await findUserPurchase(this.db, userId, id)
    if (!p) throw notFound('Purchase')
    const user = await findUserWithCredits(this.db, userId)
    return {
      receiptNumber: receiptNumber(p),
      purchaseId: Number(p.id),
      date: new Date(p.created_at).toISOString(),
      offerId: p.offer_id,
      kind: p.kind as OfferKind,
      tier: p.tier as OfferTier,
      amount: p.amount_cents / 100,
      currency: p.currency,
      status: p.status as PurchaseStatus,
      credits: p.credits,
      refundedCredits: p.refunded_credits,
      // What the purchase kept of the team's billing address when it was made, else the account's name (ADR 0210).
      customer: receiptCustomer(p.billed_to, user),
      paymentMethod: p.card_last4 ? `${p.card_brand ?? 'Card'} •••• ${p.card_last4}` : null,
      provider: p.provider === 'stripe' ? 'stripe' : 'sandbox',
      seller: this.seller,
    }
  }

  balance(userId: number): Promise<number> {
    return ledgerBalance(this.db, userId)
  }

  async creditHistory(userId: number, q: { page: number; pageSize: number }) {
    const [rows, total] = await Promise.all([
      ledgerPage(this.db, userId, { limit: q.pageSize, offset: (q.page - 1) * q.pageSize }),
      countLedgerRows(this.db, userId),
    ])
    const items: CreditEntry[] = rows.map((r) => ({
      id: Number(r.id),
      delta: Number(r.delta),
      reason: r.reason,
      purchaseId: r.purchase_id === null ? null : Number(r.purchase_id),
      balanceAfter: Number(r.balance_after),
      createdAt: new Date(Number(r.created_at)).toISOString(),
    }))
    return { items, total }
  }
}
