import { Button } from '@templet/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@templet/ui/dialog'
import type { FormEvent, ReactNode } from 'react'
import { useTranslation } from 'react-i18next'

export interface FormDialogProps {
  open: boolean
  /** Closed without submitting (Cancel, Escape, outside click). */
  onClose: () => void
  onSubmit: (event: FormEvent<HTMLFormElement>) => void
  title: ReactNode
  description: ReactNode
  /** The form is on its way: the submit button says so and takes no second click. */
  pending: boolean
  labels: { cancel: string; submit: string; pending: string }
  /** The form's fields, between the title and the buttons. */
  children: ReactNode
  /** Classes for the dialog's panel (a wider one for a form with a grid of choices). */
  className?: string
}

/** A short form in a dialog (a rename): the fields the screen gives, Cancel and a submit button. */
export function FormDialog(p: FormDialogProps) {
  const { t } = useTranslation()
  return (
    <Dialog open={p.open} onOpenChange={(open) => (open ? null : p.onClose())}>
      <DialogContent closeLabel={t('app.close')} className={p.className}>
        <form onSubmit={p.onSubmit} noValidate>
          <DialogHeader>
            <DialogTitle>{p.title}</DialogTitle>
            <DialogDescription>{p.description}</DialogDescription>
          </DialogHeader>
          {p.children}
          <DialogFooter className="mt-6">
            <Button type="button" variant="outline" onClick={p.onClose}>
              {p.labels.cancel}
            </Button>
            <Button type="submit" disabled={p.pending}>
              {p.pending ? p.labels.pending : p.labels.submit}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}
