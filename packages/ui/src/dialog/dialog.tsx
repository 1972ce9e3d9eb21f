import * as DialogPrimitive from 'radix-ui/dialog'
import { type ComponentPropsWithoutRef, type ComponentRef, forwardRef, type HTMLAttributes } from 'react'
import { XIcon } from '../icons/icons'
import { cn } from '../lib'

/** A modal dialog: `open/defaultOpen/onOpenChange`. Focus is trapped inside and returns on close. */
export const Dialog = DialogPrimitive.Root
export const DialogTrigger = DialogPrimitive.Trigger
export const DialogPortal = DialogPrimitive.Portal
export const DialogClose = DialogPrimitive.Close

export const DialogOverlay = forwardRef<
  ComponentRef<typeof DialogPrimitive.Overlay>,
  ComponentPropsWithoutRef<typeof DialogPrimitive.Overlay>
>(function DialogOverlay({ className, ...props }, ref) {
  return (
    <DialogPrimitive.Overlay
      ref={ref}
      data-slot="dialog-overlay"
      className={cn(
        'fixed inset-0 z-50 bg-overlay backdrop-blur-[2px]',
        'data-[state=open]:animate-ui-fade-in data-[state=closed]:animate-ui-fade-out',
        className,
      )}
      {...props}
    />
  )
})

/** The close button in the corner of a dialog or sheet, named for screen readers. */
export const DialogCloseButton = forwardRef<
  ComponentRef<typeof DialogPrimitive.Close>,
  ComponentPropsWithoutRef<typeof DialogPrimitive.Close> & {
    label?: string
    /** `sidebar`: in the sidebar's drawer, centred on the header's height, in the sidebar's colours. */
    surface?: 'default' | 'sidebar'
  }
>(function DialogCloseButton({ className, label = 'Close', surface = 'default', ...props }, ref) {
  return (
    <DialogPrimitive.Close
      ref={ref}
      data-slot="dialog-close"
      aria-label={label}
      className={cn(
        'absolute end-3 inline-flex size-8 items-center justify-center rounded-md',
        'transition-colors outline-none hover:text-accent-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50',
        surface === 'sidebar'
          ? 'top-[calc(var(--ui-header-height)/2-1rem)] text-sidebar-muted-foreground hover:bg-sidebar-accent'
          : 'top-3 text-muted-foreground hover:bg-accent',
        className,
      )}
      {...props}
    >
      <XIcon aria-hidden className="size-4" />
    </DialogPrimitive.Close>
  )
})

export interface DialogContentProps extends ComponentPropsWithoutRef<typeof DialogPrimitive.Content> {
  /** Show the close button in the corner. Default true. */
  showCloseButton?: boolean
  /** The close button's accessible name. Default "Close". */
  closeLabel?: string
}

export const DialogContent = forwardRef<ComponentRef<typeof DialogPrimitive.Content>, DialogContentProps>(
  function DialogContent({ className, children, showCloseButton = true, closeLabel, ...props }, ref) {
    return (
      <DialogPortal>
        <DialogOverlay />
        <DialogPrimitive.Content
          ref={ref}
          data-slot="dialog-content"
          className={cn(
            // Centred with inset + auto margins: no physical left/right, nothing to flip for right-to-left.
            'fixed inset-0 z-50 m-auto grid h-fit max-h-[calc(100%-2rem)] w-[calc(100%-2rem)] max-w-lg overflow-y-auto',
            'gap-4 rounded-xl border border-border bg-background p-6 text-foreground shadow-popover outline-none',
            'data-[state=open]:animate-ui-pop-in data-[state=closed]:animate-ui-pop-out',
            className,
          )}
          {...props}
        >
          {children}
          {showCloseButton && <DialogCloseButton label={closeLabel} />}
        </DialogPrimitive.Content>
      </DialogPortal>
    )
  },
)

export function DialogHeader({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div data-slot="dialog-header" className={cn('flex flex-col gap-1.5 pe-8', className)} {...props} />
}

export function DialogFooter({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div
      data-slot="dialog-footer"
      className={cn('flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)}
      {...props}
    />
  )
}

export const DialogTitle = forwardRef<
  ComponentRef<typeof DialogPrimitive.Title>,
  ComponentPropsWithoutRef<typeof DialogPrimitive.Title>
>(function DialogTitle({ className, ...props }, ref) {
  return (
    <DialogPrimitive.Title
      ref={ref}
      data-slot="dialog-title"
      className={cn('text-lg leading-tight font-semibold', className)}
      {...props}
    />
  )
})

export const DialogDescription = forwardRef<
  ComponentRef<typeof DialogPrimitive.Description>,
  ComponentPropsWithoutRef<typeof DialogPrimitive.Description>
>(function DialogDescription({ className, ...props }, ref) {
  return (
    <DialogPrimitive.Description
      ref={ref}
      data-slot="dialog-description"
      className={cn('text-sm text-muted-foreground', className)}
      {...props}
    />
  )
})
