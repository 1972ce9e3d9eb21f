import './whose-messages'
import { useQuery } from '@tanstack/react-query'
import { CreditBalance } from '@templet/ui/credit-balance'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { creditBalanceQuery } from '../api/queries'
import { currentLanguage } from '../i18n'
import { formatNumber } from '../i18n/format'
import { useCurrentTeam } from '../teams/current-team'

/**
 * The header's balance beside the bell (ADR 0210): the credits of the workspace the tab works in, and in a team's
 * whose they are ("Acme · 120 credits"); a link to Pricing Plans. Nothing while the balance is not in yet.
 */
export function HeaderBalance() {
  const { t } = useTranslation()
  const language = currentLanguage()
  const where = useCurrentTeam()
  const balance = useQuery(creditBalanceQuery())
  // In a team, its name comes with the team list: until then neither "your" nor a team's name is said.
  if (!balance.data || (where.teamId !== undefined && !where.team)) return null
  const formatted = formatNumber(balance.data.balance, language)
  const amount = t('pricingPlans.balanceValue', { count: balance.data.balance, formatted })
  const owner = where.team?.name
  const label = owner ? t('whose.header.team', { team: owner, amount }) : t('whose.header.yours', { amount })
  return (
    <CreditBalance
      asChild
      data-testid="header-balance"
      owner={owner}
      amount={amount}
      shortAmount={formatted}
      low={balance.data.low}
      label={balance.data.low ? t('whose.header.low', { label }) : label}
    >
      <Link to="/pricing-plans" />
    </CreditBalance>
  )
}
