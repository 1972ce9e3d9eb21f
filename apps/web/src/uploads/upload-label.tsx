import type { UploadListItem } from '@templet/api/contract'
import { Button } from '@templet/ui/button'
import { Copy } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { notifySuccess, showToast } from '../feedback/notify'

/**
 * An upload's name (or "Upload #17" for one made before uploads had names) and its id: what a bulk CSV's image
 * cell takes, so the name can be copied into a spreadsheet.
 */
export function UploadLabel({ upload }: { upload: Pick<UploadListItem, 'id' | 'name'> }) {
  const { t } = useTranslation()
  const { name } = upload

  async function copy(text: string) {
    try {
      await navigator.clipboard.writeText(text)
      notifySuccess(t('uploads.nameCopied'))
    } catch {
      showToast('error', t('uploads.copyFailed'))
    }
  }

  return (
    <div className="mt-2 min-w-0">
      <div className="flex min-w-0 items-center gap-1">
        <p className="min-w-0 flex-1 truncate text-sm font-medium" title={name ?? undefined}>
          {name ?? t('uploads.unnamed', { id: upload.id })}
        </p>
        {name ? (
          <Button
            variant="ghost"
            size="icon-sm"
            className="shrink-0"
            onClick={() => void copy(name)}
            aria-label={t('uploads.copyName', { name })}
            title={t('uploads.copyName', { name })}
          >
            <Copy aria-hidden="true" />
          </Button>
        ) : null}
      </div>
      <p className="text-xs text-muted-foreground tabular-nums">
        {t('uploads.id')} <span className="select-all font-mono">{upload.id}</span>
      </p>
    </div>
  )
}
