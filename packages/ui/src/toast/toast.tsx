import * as ToastPrimitive from 'radix-ui/toast'
import {
  type CSSProperties,
  forwardRef,
  type HTMLAttributes,
  useLayoutEffect,
  useSyncExternalStore,
} from 'react'
import { type Dir, useDirection } from '../direction'
import { XIcon } from '../icons/icons'
import { type ToastRecord, toastStore } from './toast-store'

/** Defaults from the product specification: 3 toasts in view, 2 s each, 10 px from the top. */
export const DEFAULT_TOAST_DURATION = 2000
export const DEFAULT_VISIBLE_TOASTS = 3
export const DEFAULT_TOAST_OFFSET = 10

/** Where toasts appear. `start`/`end` follow the reading direction; `left`/`right` do not. */
export type ToastPosition = `${'top' | 'bottom'}-${'left' | 'center' | 'right' | 'start' | 'end'}`

export interface ToasterProps extends Omit<HTMLAttributes<HTMLOListElement>, 'dir'> {
  /** Default `top-center`, which needs no mirroring in right-to-left. */
  position?: ToastPosition
  /** How long a toast stays, in ms. Default 2000. Hovering or focusing the toasts pauses the time. */
  duration?: number
  /** At most this many toasts in view; a newer one makes the oldest leave. Default 3. */
  visibleToasts?: number
  /** Distance from the top (or bottom) edge of the window, on phones too. Default 10 px. */
  offset?: number | string
  /** Reading direction of the toasts. Default: from `DirectionProvider`/`AppShell`. */
  dir?: Dir
  /** The accessible name of the toast region. Default "Alerts". */
  label?: string
  /** The close button's accessible name (when `closeButton` is on). Default "Close". */
  closeLabel?: string
  /** Show a close button on each toast. Default false (they leave by themselves, or by a swipe). */
  closeButton?: boolean
}

const cssLength = (value: number | string) => (typeof value === 'number' ? `${value}px` : value)

/** The region's place: logical insets for start/end, so right-to-left needs no extra rule. */
function placement(position: ToastPosition, offset: string): CSSProperties {
  const [edge, side] = position.split('-') as ['top' | 'bottom', string]
  const style: CSSProperties = { [edge]: offset }
  if (side === 'center') Object.assign(style, { insetInline: offset, marginInline: 'auto' })
  else if (side === 'start') style.insetInlineStart = offset
  else if (side === 'end') style.insetInlineEnd = offset
  else if (side === 'left') style.left = offset
  else style.right = offset
  return style
}

/**
 * Where toasts appear; render it once near the root of the app and call `toast('Saved')` anywhere.
 * Built on Radix Toast: each toast is announced to screen readers, its time pauses while the toasts are
 * hovered or focused (and while the window is in the background), a swipe away dismisses it, and F8 moves
 * the focus to them. Themed with the shell's colours (`--ui-popover`, `--ui-border`, `--ui-radius`).
 */
export const Toaster = forwardRef<HTMLOListElement, ToasterProps>(function Toaster(
  {
    position = 'top-center',
    duration = DEFAULT_TOAST_DURATION,
    visibleToasts = DEFAULT_VISIBLE_TOASTS,
    offset = DEFAULT_TOAST_OFFSET,
    dir: dirProp,
    label = 'Alerts',
    closeLabel = 'Close',
    closeButton = false,
    className,
    style,
    ...props
  },
  ref,
) {
  const dir = useDirection(dirProp)
  const records = useSyncExternalStore(toastStore.subscribe, toastStore.snapshot, toastStore.snapshot)
  useLayoutEffect(() => toastStore.setLimit(visibleToasts), [visibleToasts])
  const atTop = position.startsWith('top')
  return (
    <ToastPrimitive.Provider duration={duration} label={label} swipeDirection={atTop ? 'up' : 'down'}>
      {records.map((record) => (
        <ToastItem key={record.id} record={record} closeButton={closeButton} closeLabel={closeLabel} />
      ))}
      <ToastPrimitive.Viewport
        ref={ref}
        dir={dir}
        label={label}
        data-slot="toaster"
        data-position={position}
        style={{ ...placement(position, cssLength(offset)), ...style }}
        className={className}
        {...props}
      />
    </ToastPrimitive.Provider>
  )
})

function ToastItem({
  record,
  closeButton,
  closeLabel,
}: {
  record: ToastRecord
  closeButton: boolean
  closeLabel: string
}) {
  return (
    <ToastPrimitive.Root
      open={record.open}
      onOpenChange={(open) => {
        if (!open) toastStore.dismiss(record.id)
      }}
      duration={record.duration}
      // Errors interrupt the screen reader (assertive); the rest wait their turn (polite).
      type={record.kind === 'error' ? 'foreground' : 'background'}
      data-slot="toast"
      data-kind={record.kind}
    >
      {record.kind !== 'default' && <span aria-hidden data-slot="toast-icon" />}
      <div data-slot="toast-text">
        <ToastPrimitive.Title data-slot="toast-title">{record.message}</ToastPrimitive.Title>
        {record.description !== undefined && (
          <ToastPrimitive.Description data-slot="toast-description">
            {record.description}
          </ToastPrimitive.Description>
        )}
      </div>
      {closeButton && (
        <ToastPrimitive.Close aria-label={closeLabel} data-slot="toast-close">
          <XIcon aria-hidden className="size-3.5" />
        </ToastPrimitive.Close>
      )}
    </ToastPrimitive.Root>
  )
}
