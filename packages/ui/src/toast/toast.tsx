import { type CSSProperties, forwardRef } from 'react'
import { Toaster as Sonner, type ToasterProps as SonnerProps } from 'sonner'
import { type Dir, useDirection } from '../direction'
import { cn } from '../lib'

/** Defaults from the product specification: 3 toasts in view, 2 s each, 10 px from the top. */
export const DEFAULT_TOAST_DURATION = 2000
export const DEFAULT_VISIBLE_TOASTS = 3
export const DEFAULT_TOAST_OFFSET = 10

type PhysicalPosition = NonNullable<SonnerProps['position']>
/** Where toasts appear. `start`/`end` follow the reading direction; `left`/`right` do not. */
export type ToastPosition = PhysicalPosition | 'top-start' | 'top-end' | 'bottom-start' | 'bottom-end'

function physicalPosition(position: ToastPosition, dir: Dir): PhysicalPosition {
  const [edge, side] = position.split('-') as ['top' | 'bottom', string]
  if (side === 'start') return `${edge}-${dir === 'rtl' ? 'right' : 'left'}`
  if (side === 'end') return `${edge}-${dir === 'rtl' ? 'left' : 'right'}`
  return position as PhysicalPosition
}

export interface ToasterProps extends Omit<SonnerProps, 'position' | 'dir'> {
  /** Default `top-center`, which needs no mirroring in right-to-left. */
  position?: ToastPosition
  /** How long a toast stays, in ms. Default 2000. */
  duration?: number
  /** At most this many toasts in view; a newer one pushes the oldest out. Default 3. */
  visibleToasts?: number
  /** Distance from the edge of the window. Default 10 px, on phones too. */
  offset?: SonnerProps['offset']
  /** Reading direction of the toasts. Default: from `DirectionProvider`/`AppShell`. */
  dir?: Dir
  /** The accessible name of the toast region. Default "Alerts". */
  label?: string
  /** The close button's accessible name (when `closeButton` is on). Default "Close". */
  closeLabel?: string
}

/**
 * Where toasts appear; render it once near the root of the app and call `toast('Saved')` anywhere.
 * Built on sonner, themed with the shell's colours (`--ui-popover`, `--ui-border`, `--ui-radius`).
 */
export const Toaster = forwardRef<HTMLElement, ToasterProps>(function Toaster(
  {
    position = 'top-center',
    duration = DEFAULT_TOAST_DURATION,
    visibleToasts = DEFAULT_VISIBLE_TOASTS,
    offset = DEFAULT_TOAST_OFFSET,
    mobileOffset,
    dir: dirProp,
    label = 'Alerts',
    closeLabel = 'Close',
    className,
    style,
    toastOptions,
    ...props
  },
  ref,
) {
  const dir = useDirection(dirProp)
  return (
    <Sonner
      ref={ref}
      position={physicalPosition(position, dir)}
      duration={duration}
      visibleToasts={visibleToasts}
      offset={offset}
      mobileOffset={mobileOffset ?? offset}
      dir={dir}
      containerAriaLabel={label}
      className={cn('toaster', className)}
      style={
        {
          '--normal-bg': 'var(--ui-popover)',
          '--normal-text': 'var(--ui-popover-foreground)',
          '--normal-border': 'var(--ui-border)',
          '--border-radius': 'var(--ui-radius)',
          fontFamily: 'inherit',
          ...style,
        } as CSSProperties
      }
      toastOptions={{
        closeButtonAriaLabel: closeLabel,
        ...toastOptions,
        classNames: {
          description: 'text-muted-foreground!',
          success: '[&_[data-icon]]:text-success',
          error: '[&_[data-icon]]:text-destructive',
          warning: '[&_[data-icon]]:text-warning',
          info: '[&_[data-icon]]:text-info',
          ...toastOptions?.classNames,
        },
      }}
      {...props}
    />
  )
})

export type { ExternalToast as ToastOptions } from 'sonner'
export { toast } from 'sonner'
