import './messages'
import { Badge } from '@templet/ui/badge'
import { BadgeCheck } from 'lucide-react'
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
