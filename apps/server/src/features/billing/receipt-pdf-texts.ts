import type { AccountLocale, OfferKind, PurchaseStatus } from '@templet/api/contract'

/** The words of a receipt's PDF, in each language the account can choose (the web app's receipt says the same). */
export interface ReceiptWords {
  title: string
  soldBy: string
  billedTo: string
  taxId: (id: string) => string
  number: string
  date: string
  paymentMethod: string
  status: string
  statuses: Record<PurchaseStatus, string>
  /** What the banner says of a receipt that is not simply paid. */
  banner: Record<PurchaseStatus, string>
  description: string
  credits: string
  amount: string
  /** The total line: what was paid, or for a failed payment what was charged (nothing). */
  total: Record<PurchaseStatus, string>
  refundedCredits: string
  /** The offer in words; `credits` already written as a number of the language. */
  item: (kind: OfferKind, credits: string | undefined) => string
  currencyNote: (currency: string) => string
  closing: Record<PurchaseStatus, string>
  questions: (email: string) => string
  page: (receiptNumber: string) => string
}

const en: ReceiptWords = {
  title: 'Receipt',
  soldBy: 'Sold by',
  billedTo: 'Billed to',
  taxId: (id) => `VAT number: ${id}`,
  number: 'Receipt number',
  date: 'Date',
  paymentMethod: 'Payment method',
  status: 'Status',
  statuses: { paid: 'Paid', failed: 'Failed', refunded: 'Refunded' },
  banner: { paid: 'Paid', failed: 'Payment failed', refunded: 'Refunded' },
  description: 'Description',
  credits: 'Credits granted',
  amount: 'Amount',
  total: { paid: 'Total paid', failed: 'Total charged', refunded: 'Total paid, then refunded' },
  refundedCredits: 'Credits taken back by the refund',
  item: (kind, credits) =>
    kind === 'payment'
      ? credits === undefined
        ? 'Credit pack'
        : `${credits}-credit pack`
      : credits === undefined
        ? 'Monthly plan'
        : `Monthly plan, ${credits} credits a month`,
  currencyNote: (currency) => `All amounts are in ${currency}.`,
  closing: {
    paid: 'Thank you for your purchase.',
    failed:
      'This payment failed: nothing was charged and no credits were added. You can try again with another card on Pricing Plans.',
    refunded:
      'This payment was refunded to the card it was paid with; the credits it granted that were still unspent were taken back.',
  },
  questions: (email) => `Questions about this receipt: ${email}`,
  page: (n) => `Receipt ${n} · page 1 of 1`,
}

const zhCN: ReceiptWords = {
  title: '收据',
  soldBy: '销售方',
  billedTo: '付款人',
  taxId: (id) => `税号：${id}`,
  number: '收据编号',
  date: '日期',
  paymentMethod: '支付方式',
  status: '状态',
  statuses: { paid: '已付款', failed: '失败', refunded: '已退款' },
  banner: { paid: '已付款', failed: '付款失败', refunded: '已退款' },
  description: '项目',
  credits: '发放积分',
  amount: '金额',
  total: { paid: '实付合计', failed: '扣款合计', refunded: '实付合计（已退款）' },
  refundedCredits: '退款收回的积分',
  item: (kind, credits) =>
    kind === 'payment'
      ? credits === undefined
        ? '积分包'
        : `${credits} 积分包`
      : credits === undefined
        ? '月度套餐'
        : `月度套餐，每月 ${credits} 积分`,
  currencyNote: (currency) => `所有金额均以 ${currency} 计。`,
  closing: {
    paid: '感谢你的购买。',
    failed: '这笔付款失败：没有扣款，也没有增加积分。你可以在价格方案页面换一张卡重试。',
    refunded: '这笔付款已退回原付款卡；它所发放且尚未使用的积分已被收回。',
  },
  questions: (email) => `关于此收据的问题请联系：${email}`,
  page: (n) => `收据 ${n} · 第 1 页，共 1 页`,
}

export const RECEIPT_WORDS: Record<AccountLocale, ReceiptWords> = { en, 'zh-CN': zhCN }
