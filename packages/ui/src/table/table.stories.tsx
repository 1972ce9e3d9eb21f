import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, within } from 'storybook/test'
import { Badge } from '../badge'
import { phoneViewport } from '../demo/story-parts'
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableFooter,
  TableHead,
  TableHeader,
  TableRow,
} from './table'

interface Invoice {
  number: string
  date: string
  description: string
  status: 'Paid' | 'Refunded' | 'Failed'
  amount: string
}

const invoices: Invoice[] = [
  { number: 'INV-1042', date: '2026-11-02', description: '100 credits', status: 'Paid', amount: '$49.90' },
  { number: 'INV-1043', date: '2026-11-09', description: '200 credits', status: 'Paid', amount: '$84.90' },
  {
    number: 'INV-1044',
    date: '2026-11-16',
    description: '100 credits',
    status: 'Refunded',
    amount: '$49.90',
  },
  {
    number: 'INV-1045',
    date: '2026-11-23',
    description: 'Monthly plan',
    status: 'Failed',
    amount: '$139.90',
  },
]

const statusVariant = { Paid: 'secondary', Refunded: 'outline', Failed: 'destructive' } as const

function InvoiceTable({
  rows,
  caption = 'Invoices of November 2026',
  total = '$364.60',
  totalLabel = 'Total',
  labels = { number: 'Invoice', date: 'Date', description: 'Item', status: 'Status', amount: 'Amount' },
  empty = 'No invoices yet.',
  statusLabels = { Paid: 'Paid', Refunded: 'Refunded', Failed: 'Failed' },
}: {
  rows: Invoice[]
  caption?: string
  total?: string
  totalLabel?: string
  labels?: Record<keyof Invoice, string>
  empty?: string
  statusLabels?: Record<Invoice['status'], string>
}) {
  return (
    <Table>
      <TableCaption>{caption}</TableCaption>
      <TableHeader>
        <TableRow>
          <TableHead>{labels.number}</TableHead>
          <TableHead>{labels.date}</TableHead>
          <TableHead>{labels.description}</TableHead>
          <TableHead>{labels.status}</TableHead>
          {/* An app's class wins over the part's default alignment. */}
          <TableHead className="text-end">{labels.amount}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.length === 0 ? (
          <TableRow>
            <TableCell colSpan={5} className="h-24 text-center text-muted-foreground">
              {empty}
            </TableCell>
          </TableRow>
        ) : (
          rows.map((invoice, index) => (
            <TableRow key={invoice.number} data-state={index === 1 ? 'selected' : undefined}>
              <TableCell className="font-medium">{invoice.number}</TableCell>
              <TableCell>
                <time dateTime={invoice.date}>{invoice.date}</time>
              </TableCell>
              {/* An address has no spaces to wrap at: the app lets it break anywhere. */}
              <TableCell className={invoice.description.includes('://') ? 'wrap-anywhere' : undefined}>
                {invoice.description}
              </TableCell>
              <TableCell>
                <Badge variant={statusVariant[invoice.status]}>{statusLabels[invoice.status]}</Badge>
              </TableCell>
              <TableCell className="text-end tabular-nums">{invoice.amount}</TableCell>
            </TableRow>
          ))
        )}
      </TableBody>
      {rows.length > 0 && (
        <TableFooter>
          <TableRow>
            <TableCell colSpan={4}>{totalLabel}</TableCell>
            <TableCell className="text-end tabular-nums">{total}</TableCell>
          </TableRow>
        </TableFooter>
      )}
    </Table>
  )
}

const meta = {
  title: 'Primitives/Table',
  component: Table,
  subcomponents: {
    TableHeader,
    TableBody,
    TableFooter,
    TableRow,
    TableHead,
    TableCell,
    TableCaption,
  } as Record<string, React.ComponentType<unknown>>,
  render: () => (
    <div className="mx-auto max-w-3xl p-6">
      <InvoiceTable rows={invoices} />
    </div>
  ),
} satisfies Meta<typeof Table>

export default meta
type Story = StoryObj<typeof meta>

const container = (canvasElement: HTMLElement) =>
  canvasElement.querySelector('[data-slot=table-container]') as HTMLElement

/** A caption names the table; header cells name the columns; a footer holds the total. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const table = within(canvasElement).getByRole('table', { name: 'Invoices of November 2026' })
    const headers = within(table).getAllByRole('columnheader')
    await expect(headers.map((header) => header.textContent)).toEqual([
      'Invoice',
      'Date',
      'Item',
      'Status',
      'Amount',
    ])
    // Four invoices, a header row and the total.
    await expect(within(table).getAllByRole('row')).toHaveLength(6)
    await expect(within(table).getByRole('row', { name: /Total/ })).toHaveTextContent('$364.60')
    await expect(getComputedStyle(headers[0] as HTMLElement).textAlign).toBe('start')
    await expect(getComputedStyle(headers[4] as HTMLElement).textAlign).toBe('end')
    // It fits: no scroll region, no extra tab stop.
    await expect(container(canvasElement)).not.toHaveAttribute('tabindex')
    await expect(within(canvasElement).queryByRole('region')).toBeNull()
  },
}

/** No rows yet: one cell across every column says so, and the footer is left out. */
export const Empty: Story = {
  render: () => (
    <div className="mx-auto max-w-3xl p-6">
      <InvoiceTable rows={[]} />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const table = within(canvasElement).getByRole('table', { name: 'Invoices of November 2026' })
    const cell = within(table).getByRole('cell', { name: 'No invoices yet.' })
    await expect(cell).toHaveAttribute('colspan', '5')
    await expect(Math.round(cell.getBoundingClientRect().width)).toBe(
      Math.round(table.getBoundingClientRect().width),
    )
  },
}

const longInvoices: Invoice[] = [
  {
    number: 'INV-1046',
    date: '2026-11-24',
    description:
      'Yearly plan for the whole design team, including the brand kit, priority rendering, and every template released during the year',
    status: 'Paid',
    amount: '$1,399.00',
  },
  {
    number: 'INV-1047',
    date: '2026-11-25',
    description: 'https://templet.example/receipts/2026/11/25/a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6e7f8',
    status: 'Refunded',
    amount: '$49.90',
  },
]

/**
 * Long text wraps at its spaces; an address, which has none, breaks anywhere with `wrap-anywhere` on its
 * cell; the table keeps to the page's width.
 */
export const LongText: Story = {
  render: () => (
    <div className="mx-auto max-w-2xl p-6">
      <InvoiceTable rows={longInvoices} total="$1,448.90" />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const scroller = container(canvasElement)
    await expect(scroller.scrollWidth).toBeLessThanOrEqual(scroller.clientWidth)
    const long = within(canvasElement).getByRole('cell', { name: /Yearly plan/ })
    await expect(long.getBoundingClientRect().height).toBeGreaterThan(40)
  },
}

/**
 * On a phone the five columns do not fit: the table scrolls sideways, and its container becomes a
 * focusable region named by the caption, so a keyboard can reach and scroll it.
 */
export const Mobile: Story = {
  globals: phoneViewport,
  render: () => (
    <div className="p-4">
      <InvoiceTable rows={longInvoices} total="$1,448.90" />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const scroller = container(canvasElement)
    await expect(scroller.scrollWidth).toBeGreaterThan(scroller.clientWidth)
    const region = within(canvasElement).getByRole('region', { name: 'Invoices of November 2026' })
    await expect(region).toBe(scroller)
    await userEvent.tab()
    await expect(region).toHaveFocus()
  },
}

const arabicItems = ['100 رصيد', '200 رصيد', '100 رصيد', 'الخطة الشهرية']

export const RightToLeft: Story = {
  globals: { dir: 'rtl' },
  render: () => (
    <div className="mx-auto max-w-3xl p-6" lang="ar">
      <InvoiceTable
        rows={invoices.map((invoice, index) => ({ ...invoice, description: arabicItems[index] ?? '' }))}
        caption="فواتير نوفمبر 2026"
        totalLabel="المجموع"
        statusLabels={{ Paid: 'مدفوعة', Refunded: 'مستردة', Failed: 'فشلت' }}
        labels={{
          number: 'الفاتورة',
          date: 'التاريخ',
          description: 'البند',
          status: 'الحالة',
          amount: 'المبلغ',
        }}
      />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const [first, , , , last] = within(canvasElement).getAllByRole('columnheader')
    // The first column is at the right.
    await expect(first?.getBoundingClientRect().left).toBeGreaterThan(last?.getBoundingClientRect().left ?? 0)
  },
}

export const Dark: Story = { globals: { theme: 'dark' } }
