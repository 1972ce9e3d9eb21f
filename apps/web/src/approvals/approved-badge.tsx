import './messages'
import { Badge } from '@templet/ui/badge'
import { BadgeCheck, CircleDashed } from 'lucide-react'
import { useTranslation } from 'react-i18next'

/** "Approved" (with the version when given), beside a design or one of its versions. */
export function ApprovedBadge({ version }: { version?: number | undefined }) {
  const { t } = useTranslation()
  return (
    <Badge variant="secondary" data-testid="approved-badge">
      <BadgeCheck aria-hidden="true" />
      {version === undefined ? t('approvals.approved') : t('approvals.approvedVersion', { version })}
    </Badge>
  )
}

/** "Not approved" and the version, where a version's state is said either way (the review page). */
export function NotApprovedBadge({ version }: { version: number }) {
  const { t } = useTranslation()
  return (
    <Badge variant="outline" data-testid="not-approved-badge">
      <CircleDashed aria-hidden="true" />
      {t('approvals.notApprovedVersion', { version })}
    </Badge>
  )
}
