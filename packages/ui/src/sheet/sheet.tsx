import { cva } from 'class-variance-authority'
import * as DialogPrimitive from 'radix-ui/dialog'
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

export const sheetVariants = cva('fixed z-50 flex flex-col shadow-popover outline-none', {
  variants: {
    // `start` and `end` follow the reading direction: `start` is the left edge in English, the right in Arabic.
    side: {
      start: [
        'inset-y-0 start-0 h-full border-e',
        'ltr:data-[state=open]:animate-ui-slide-in-from-left ltr:data-[state=closed]:animate-ui-slide-out-to-left',
        'rtl:data-[state=open]:animate-ui-slide-in-from-right rtl:data-[state=closed]:animate-ui-slide-out-to-right',
      ],
      end: [
        'inset-y-0 end-0 h-full border-s',
        'ltr:data-[state=open]:animate-ui-slide-in-from-right ltr:data-[state=closed]:animate-ui-slide-out-to-right',
        'rtl:data-[state=open]:animate-ui-slide-in-from-left rtl:data-[state=closed]:animate-ui-slide-out-to-left',
      ],
    },
    /** `sidebar`: the phone drawer of the sidebar, with the sidebar's width and colours. */
    surface: {
      default: 'w-3/4 max-w-sm border-border bg-background text-foreground',
      sidebar: 'w-(--ui-sidebar-width) max-w-[85vw] border-sidebar-border bg-sidebar text-sidebar-foreground',
    },
  },
  defaultVariants: { side: 'start', surface: 'default' },
})

export interface SheetContentProps extends ComponentPropsWithoutRef<typeof DialogPrimitive.Content> {
  /** The edge it slides in from, in reading order. Default `start`. */
  side?: 'start' | 'end'
  /** The panel's width and colours. Default `default`; `sidebar` is the sidebar's drawer. */
  surface?: 'default' | 'sidebar'
  /** Show the close button in the corner. Default true. */
  showCloseButton?: boolean
  /** The close button's accessible name. Default "Close". */
  closeLabel?: string
}

export const SheetContent = forwardRef<ComponentRef<typeof DialogPrimitive.Content>, SheetContentProps>(
  function SheetContent(
    { className, side = 'start', surface, showCloseButton = true, closeLabel, children, ...props },
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
          className={cn(sheetVariants({ side, surface }), className)}
          {...props}
        >
          {children}
          {showCloseButton && <DialogCloseButton label={closeLabel} />}
        </DialogPrimitive.Content>
      </DialogPortal>
    )
  },
)
