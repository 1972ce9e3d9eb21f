import './messages'
import { useQuery } from '@tanstack/react-query'
import { Input } from '@templet/ui/input'
import { Skeleton } from '@templet/ui/skeleton'
import { useTranslation } from 'react-i18next'
import { FormDialog } from '../components/form-dialog'
import { LoadError } from '../components/load-error'
import { notifySuccess, reportError } from '../feedback/notify'
import { formatDate } from '../i18n/format'
import { shareTemplate } from './review-api'

/**
 * Shares one of the workspace's designs for review: asks the server for a signed link when opened, and copies
 * it. Anyone holding the link sees the design and comments, without an account, until it expires.
 */
export function ShareDialog({
  template,
  onClose,
}: {
  template: { id: number; name: string } | undefined
  onClose: () => void
}) {
  const { t, i18n } = useTranslation()
  const link = useQuery({
    queryKey: ['templateShare', template?.id],
    queryFn: () => shareTemplate(template?.id ?? 0),
    enabled: template !== undefined,
    // A fresh link each time the dialog opens: each works its full time.
    gcTime: 0,
    retry: false,
  })
  return (
    <FormDialog
      open={template !== undefined}
      onClose={onClose}
      onSubmit={(e) => {
        e.preventDefault()
        if (!link.data) return
        navigator.clipboard
          .writeText(link.data.url)
          .then(() => notifySuccess(t('review.copied')))
          .catch(reportError)
      }}
      title={t('review.shareTitle', { name: template?.name ?? '' })}
      description={
        link.data
          ? t('review.shareBody', { date: formatDate(new Date(link.data.expiresAt), 'long', i18n.language) })
          : ''
      }
      pending={!link.data}
      labels={{ cancel: t('review.close'), submit: t('review.copy'), pending: t('review.copy') }}
    >
      <div className="mt-4">
        {link.data ? (
          <Input
            label={t('review.link')}
            readOnly
            value={link.data.url}
            onFocus={(e) => e.currentTarget.select()}
          />
        ) : link.isError ? (
          <LoadError onRetry={() => void link.refetch()} />
        ) : (
          <Skeleton className="h-9" />
        )}
      </div>
    </FormDialog>
  )
}
