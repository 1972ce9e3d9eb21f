import { cva } from 'class-variance-authority'
import { Dialog as DialogPrimitive } from 'radix-ui'
import { type ComponentPropsWithoutRef, type ComponentRef, forwardRef } from 'react'
import { DialogCloseButton, DialogOverlay, DialogPortal } from '../dialog'
import { useDirection } from '../direction'
import { cn } from '../lib'

/** A panel that slides in from an edge of the screen; a modal dialog underneath (`open/defaultOpen/onOpenChange`). */
export const Sheet = DialogPrimitive.Root
export const SheetTrigger = DialogPrimitive.Trigger
export const SheetClose = DialogPrimitive.Close
export const SheetTitle = DialogPrimitive.Title
export const SheetDescription = DialogPrimitive.Description

export const sheetVariants = cva(
  'fixed z-50 flex flex-col bg-background text-foreground shadow-popover outline-none',
  {
    variants: {
      // `start` and `end` follow the reading direction: `start` is the left edge in English, the right in Arabic.
      side: {
        start: [
          'inset-y-0 start-0 h-full w-3/4 max-w-sm border-e border-border',
          'ltr:data-[state=open]:animate-ui-slide-in-from-left ltr:data-[state=closed]:animate-ui-slide-out-to-left',
          'rtl:data-[state=open]:animate-ui-slide-in-from-right rtl:data-[state=closed]:animate-ui-slide-out-to-right',
        ],
        end: [
          'inset-y-0 end-0 h-full w-3/4 max-w-sm border-s border-border',
          'ltr:data-[state=open]:animate-ui-slide-in-from-right ltr:data-[state=closed]:animate-ui-slide-out-to-right',
          'rtl:data-[state=open]:animate-ui-slide-in-from-left rtl:data-[state=closed]:animate-ui-slide-out-to-left',
        ],
      },
    },
    defaultVariants: { side: 'start' },
  },
)

export interface SheetContentProps extends ComponentPropsWithoutRef<typeof DialogPrimitive.Content> {
  /** The edge it slides in from, in reading order. Default `start`. */
  side?: 'start' | 'end'
  /** Show the close button in the corner. Default true. */
  showCloseButton?: boolean
  /** The close button's accessible name. Default "Close". */
  closeLabel?: string
}

export const SheetContent = forwardRef<ComponentRef<typeof DialogPrimitive.Content>, SheetContentProps>(
  function SheetContent(
    { className, side = 'start', showCloseButton = true, closeLabel, children, ...props },
    ref,
  ) {
    // The sheet is portalled to <body>; carrying `dir` keeps its logical sides right when only a
    // DirectionProvider (and not <html dir>) says the page is right-to-left.
    const dir = useDirection()
    return (
      <DialogPortal>
        <DialogOverlay data-slot="sheet-overlay" />
        <DialogPrimitive.Content
          ref={ref}
          dir={dir}
          data-slot="sheet-content"
          data-side={side}
          className={cn(sheetVariants({ side }), className)}
          {...props}
        >
          {children}
          {showCloseButton && <DialogCloseButton label={closeLabel} />}
        </DialogPrimitive.Content>
      </DialogPortal>
    )
  },
)
