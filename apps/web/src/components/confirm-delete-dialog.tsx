import { Button } from '@templet/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@templet/ui/dialog'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'

export interface ConfirmDeleteDialogProps {
  open: boolean
  /** Closed without deleting (Cancel, Escape, outside click). */
  onCancel: () => void
  onConfirm: () => void
  /** The delete is on its way: the button says so and takes no second click. */
  pending: boolean
  title: ReactNode
  description: ReactNode
  labels: { cancel: string; confirm: string; pending: string }
}

/** Asks before something is deleted for good; the screens word it. */
export function ConfirmDeleteDialog(p: ConfirmDeleteDialogProps) {
  const { t } = useTranslation()
  return (
    <Dialog open={p.open} onOpenChange={(open) => (open ? null : p.onCancel())}>
      <DialogContent closeLabel={t('app.close')}>
        <DialogHeader>
          <DialogTitle>{p.title}</DialogTitle>
          <DialogDescription>{p.description}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={p.onCancel}>
            {p.labels.cancel}
          </Button>
          <Button
            onClick={p.onConfirm}
            disabled={p.pending}
            className="bg-destructive text-white hover:bg-destructive/90"
          >
            {p.pending ? p.labels.pending : p.labels.confirm}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
