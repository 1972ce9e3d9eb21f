import * as Slot from 'radix-ui/slot'
import { type ComponentPropsWithoutRef, forwardRef, type ReactElement } from 'react'
import { CoinsIcon } from '../icons/icons'
import { cn, withSlotContent } from '../lib'
import { TruncatedText } from '../lib/truncated-text'

export interface CreditBalanceProps extends Omit<ComponentPropsWithoutRef<'a'>, 'children'> {
  /** The balance as shown from 1024 px: "120 credits". */
  amount: string
  /** The balance as shown below 1024 px, where room is short: "120". Default: `amount`. */
  shortAmount?: string
  /**
   * Whose balance it is, shown before the amount: a team's name ("Acme · 120 credits"), cut with an ellipsis when
   * long. None: the person's own.
   */
  owner?: string
  /**
   * The accessible name, whole however the owner is cut on screen. It should start with the words shown (WCAG
   * 2.5.3): "Acme · 120 credits, the team's balance". Default: the owner and the amount.
   */
  label?: string
  /** A low balance: framed in the warning colour (the label should say it too: colour alone says nothing). */
  low?: boolean
  /** Render the app's link: `<CreditBalance asChild amount="…"><Link to="/pricing" /></CreditBalance>`. */
  asChild?: boolean
  children?: ReactElement
}

/**
 * The header's balance: a link (to where credits are bought) saying how many credits the workspace shown has and,
 * in a team's, whose they are. The owner's name is cut to fit a phone; the link's name keeps all of it.
 */
export const CreditBalance = forwardRef<HTMLAnchorElement, CreditBalanceProps>(function CreditBalance(
  { amount, shortAmount, owner, label, low = false, asChild = false, className, children, ...props },
  ref,
) {
  const name = label ?? (owner ? `${owner} · ${amount}` : amount)
  const content = (
    <>
      {/* Named by text, so the whole owner is said even when cut on screen. */}
      <span className="sr-only">{name}</span>
      <CoinsIcon aria-hidden className="size-4 shrink-0" />
      {/* Below 1024 px the owner and the amount stack, so that the owner keeps a little room. */}
      <span
        aria-hidden
        className="flex items-center max-lg:flex-col max-lg:items-start max-lg:leading-tight lg:gap-1.5"
      >
        {owner ? (
          <>
            <TruncatedText
              data-slot="credit-balance-owner"
              className="max-lg:text-xs max-lg:font-normal max-lg:text-muted-foreground max-sm:max-w-9 sm:max-lg:max-w-[4.5rem] lg:max-w-40"
            >
              {owner}
            </TruncatedText>
            <span className="shrink-0 text-muted-foreground max-lg:hidden">·</span>
          </>
        ) : null}
        <span data-slot="credit-balance-amount" className="shrink-0 whitespace-nowrap tabular-nums">
          <span className="lg:hidden">{shortAmount ?? amount}</span>
          <span className="max-lg:hidden">{amount}</span>
        </span>
      </span>
    </>
  )
  const Comp = asChild ? Slot.Root : 'a'
  return (
    <Comp
      ref={ref}
      data-slot="credit-balance"
      data-low={low || undefined}
      className={cn(
        // Never narrower than its owner's room (cut to it) and its amount: in a header too narrow, others give way.
        // Each size in complementary ranges: an app's own unprefixed class (`px-2.5`) would beat a range's.
        'inline-flex shrink-0 items-center border border-border text-sm font-medium',
        'max-lg:h-10 max-lg:gap-1 max-lg:rounded-lg max-sm:px-1 sm:max-lg:px-1.5 lg:h-9 lg:gap-1.5 lg:rounded-full lg:px-2.5',
        'text-foreground outline-none transition-colors hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50',
        'data-[low]:border-warning data-[low]:bg-warning/10 data-[low]:[&>svg]:text-warning',
        className,
      )}
      {...props}
    >
      {asChild ? withSlotContent(children, () => content) : content}
    </Comp>
  )
})
