import './messages'
import type { TemplateDetail } from '@templet/api'
import { BadgeCheck, CircleAlert } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { LinkButton } from '../components/link-button'
import { formatDate } from '../i18n/format'

/**
 * In a team that creates only from approved versions, the fill-in editor says which version its creation uses
 * (approved by whom, when), or why it cannot create: the design has no approved version, the version re-opened
 * is not approved (with the way to the latest approved one), or it is a catalogue template. Nothing elsewhere.
 */
export function ApprovalNote({ template }: { template: TemplateDetail }) {
  const { t, i18n } = useTranslation()
  const approval = template.approval
  if (!approval) return null
  if (approval.approved) {
    const date = approval.approvedAt ? formatDate(new Date(approval.approvedAt), 'long', i18n.language) : ''
    return (
      <p
        data-testid="approval-note"
        className="flex items-start gap-2 rounded-lg border border-border p-3 text-sm"
      >
        <BadgeCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" />
        <span>
          {approval.approvedBy
            ? t('approvals.editor.uses', { version: template.version, name: approval.approvedBy, date })
            : t('approvals.editor.usesGone', { version: template.version, date })}
        </span>
      </p>
    )
  }
  const latest = approval.latestApproved
  const other = latest !== null && latest !== template.version
  return (
    <div data-testid="approval-note" className="rounded-lg border border-border bg-muted p-3 text-sm">
      <p className="flex items-start gap-2">
        <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <span>
          {template.readOnly
            ? t('approvals.editor.catalogue')
            : other
              ? t('approvals.editor.notThis', { version: template.version, latest })
              : t('approvals.editor.none')}
        </span>
      </p>
      {other ? (
        <LinkButton to={`/templates/${template.id}/edit`} variant="outline" size="sm" className="mt-2">
          {t('approvals.editor.openLatest', { latest })}
        </LinkButton>
      ) : null}
    </div>
  )
}
