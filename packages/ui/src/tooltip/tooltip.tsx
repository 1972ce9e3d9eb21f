import { composeEventHandlers, useComposedRefs, useControllableState } from 'radix-ui/internal'
import * as Slot from 'radix-ui/slot'
import {
  type ComponentPropsWithoutRef,
  type CSSProperties,
  createContext,
  forwardRef,
  type ReactNode,
  type RefObject,
  useContext,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react'
import { createPortal } from 'react-dom'

/** The default open delay in milliseconds. */
export const DEFAULT_TOOLTIP_DELAY = 100
/** The default maximum width in pixels. */
export const DEFAULT_TOOLTIP_MAX_WIDTH = 250
/** Moving to the next trigger within this time (ms) after one closed opens its tooltip at once. */
const SKIP_DELAY = 300

interface ProviderValue {
  delayDuration: number
  /** When the last tooltip under this provider closed (for opening the next one at once). */
  lastClosed: RefObject<number>
}
const ProviderContext = createContext<ProviderValue | null>(null)

export interface TooltipProviderProps {
  /** The open delay of the tooltips inside, in ms. Default 100. */
  delayDuration?: number
  children?: ReactNode
}

/**
 * Shares the open delay between tooltips, so moving from one to the next opens it at once. `AppShell`
 * includes one; a `Tooltip` outside any provider uses the defaults.
 */
export function TooltipProvider({ delayDuration = DEFAULT_TOOLTIP_DELAY, children }: TooltipProviderProps) {
  const lastClosed = useRef(0)
  const value = useMemo(() => ({ delayDuration, lastClosed }), [delayDuration])
  return <ProviderContext.Provider value={value}>{children}</ProviderContext.Provider>
}

interface TooltipValue {
  open: boolean
  contentId: string
  trigger: RefObject<HTMLElement | null>
  /** Opens after the delay (hover) or at once (keyboard focus). */
  show: (instant: boolean) => void
  hide: () => void
}
const TooltipContext = createContext<TooltipValue | null>(null)

function useTooltip(part: string): TooltipValue {
  const context = useContext(TooltipContext)
  if (!context) throw new Error(`<${part}> must be inside <Tooltip>.`)
  return context
}

export interface TooltipProps {
  open?: boolean
  defaultOpen?: boolean
  onOpenChange?: (open: boolean) => void
  /** The open delay on hover, in ms. Default: the provider's, 100. */
  delayDuration?: number
  children?: ReactNode
}

/**
 * A short label for a control, shown on hover (after `delayDuration`, 100 ms) and at once on keyboard
 * focus; Escape, a click or leaving hides it. It describes its trigger (`aria-describedby`).
 * `open/defaultOpen/onOpenChange`. Positioned without a positioning library: beside its trigger, flipped
 * to the other side when it would leave the window, and kept inside the window along that side.
 */
export function Tooltip({
  open: openProp,
  defaultOpen = false,
  onOpenChange,
  delayDuration,
  children,
}: TooltipProps) {
  const provider = useContext(ProviderContext)
  const [open = false, setOpen] = useControllableState({
    prop: openProp,
    defaultProp: defaultOpen,
    onChange: onOpenChange,
  })
  const contentId = useId()
  const trigger = useRef<HTMLElement | null>(null)
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)

  // One at a time follows from the triggers: a tooltip closes when its trigger loses the pointer or focus.
  const value = useMemo<TooltipValue>(
    () => ({
      open,
      contentId,
      trigger,
      show(instant) {
        clearTimeout(timer.current)
        const delay = delayDuration ?? provider?.delayDuration ?? DEFAULT_TOOLTIP_DELAY
        const recent = provider && performance.now() - provider.lastClosed.current < SKIP_DELAY
        if (instant || recent || delay <= 0) setOpen(true)
        else timer.current = setTimeout(() => setOpen(true), delay)
      },
      hide() {
        clearTimeout(timer.current)
        if (open && provider) provider.lastClosed.current = performance.now()
        setOpen(false)
      },
    }),
    [open, contentId, delayDuration, provider, setOpen],
  )

  useEffect(() => () => clearTimeout(timer.current), [])
  return <TooltipContext.Provider value={value}>{children}</TooltipContext.Provider>
}

export interface TooltipTriggerProps extends ComponentPropsWithoutRef<'button'> {
  /** Put the tooltip's behaviour on the single child (a link, a `Button`) instead of a `<button>`. */
  asChild?: boolean
}

export const TooltipTrigger = forwardRef<HTMLButtonElement, TooltipTriggerProps>(function TooltipTrigger(
  { asChild = false, onPointerEnter, onPointerLeave, onPointerDown, onFocus, onBlur, onKeyDown, ...props },
  forwardedRef,
) {
  const tooltip = useTooltip('TooltipTrigger')
  const ref = useComposedRefs(forwardedRef, tooltip.trigger as RefObject<HTMLButtonElement | null>)
  // A click focuses the trigger too; that focus should not bring back the tooltip the click hid.
  const pointerDown = useRef(false)
  const Comp = asChild ? Slot.Root : 'button'
  return (
    <Comp
      ref={ref}
      data-slot="tooltip-trigger"
      data-state={tooltip.open ? 'delayed-open' : 'closed'}
      aria-describedby={tooltip.open ? tooltip.contentId : undefined}
      onPointerEnter={composeEventHandlers(onPointerEnter, (event) => {
        if (event.pointerType !== 'touch') tooltip.show(false)
      })}
      onPointerLeave={composeEventHandlers(onPointerLeave, () => tooltip.hide())}
      onPointerDown={composeEventHandlers(onPointerDown, () => {
        pointerDown.current = true
        tooltip.hide()
      })}
      onFocus={composeEventHandlers(onFocus, () => {
        if (!pointerDown.current) tooltip.show(true)
        pointerDown.current = false
      })}
      onBlur={composeEventHandlers(onBlur, () => tooltip.hide())}
      onKeyDown={composeEventHandlers(onKeyDown, (event) => {
        if (event.key === 'Escape' && tooltip.open) tooltip.hide()
      })}
      {...props}
    />
  )
})

type Side = 'top' | 'right' | 'bottom' | 'left'
const opposite: Record<Side, Side> = { top: 'bottom', bottom: 'top', left: 'right', right: 'left' }

export interface TooltipContentProps extends ComponentPropsWithoutRef<'div'> {
  /** The side of the trigger it shows on (flipped when there is no room). Default `top`. */
  side?: Side
  /** The gap to the trigger, in px. Default 6. */
  sideOffset?: number
  /** Maximum width; longer text wraps. Default 250 px (`--ui-tooltip-max-width`). */
  maxWidth?: number | string
}

/** The arrow's height: the gap to the trigger is `sideOffset` plus the arrow, as in Radix. */
const ARROW = 5

/** Where the content goes: beside the trigger, centred, flipped and shifted to stay in the window. */
function place(trigger: DOMRect, width: number, height: number, wanted: Side, sideOffset: number) {
  const offset = sideOffset + ARROW
  const vw = document.documentElement.clientWidth
  const vh = document.documentElement.clientHeight
  const room: Record<Side, number> = {
    top: trigger.top - offset - height,
    bottom: vh - trigger.bottom - offset - height,
    left: trigger.left - offset - width,
    right: vw - trigger.right - offset - width,
  }
  const side = room[wanted] < 0 && room[opposite[wanted]] > room[wanted] ? opposite[wanted] : wanted
  const clamp = (value: number, max: number) => Math.max(0, Math.min(value, max))
  let x: number
  let y: number
  if (side === 'top' || side === 'bottom') {
    x = clamp(trigger.left + trigger.width / 2 - width / 2, vw - width)
    y = side === 'top' ? trigger.top - offset - height : trigger.bottom + offset
  } else {
    y = clamp(trigger.top + trigger.height / 2 - height / 2, vh - height)
    x = side === 'left' ? trigger.left - offset - width : trigger.right + offset
  }
  // The arrow points at the trigger's centre even when the content was shifted.
  const arrow =
    side === 'top' || side === 'bottom'
      ? trigger.left + trigger.width / 2 - x
      : trigger.top + trigger.height / 2 - y
  const dpr = window.devicePixelRatio || 1
  const round = (value: number) => Math.round(value * dpr) / dpr
  return { side, x: round(x), y: round(y), arrow }
}

export const TooltipContent = forwardRef<HTMLDivElement, TooltipContentProps>(function TooltipContent(
  { className, side = 'top', sideOffset = 6, maxWidth, style, children, ...props },
  forwardedRef,
) {
  const tooltip = useTooltip('TooltipContent')
  const own = useRef<HTMLDivElement | null>(null)
  const ref = useComposedRefs(forwardedRef, own)
  const [position, setPosition] = useState<ReturnType<typeof place> | null>(null)
  const { open, trigger } = tooltip

  useLayoutEffect(() => {
    if (!open) {
      setPosition(null)
      return
    }
    const update = () => {
      const content = own.current
      const anchor = trigger.current
      if (!content || !anchor) return
      setPosition(
        place(anchor.getBoundingClientRect(), content.offsetWidth, content.offsetHeight, side, sideOffset),
      )
    }
    update()
    // A scroll or resize moves the trigger; follow it.
    window.addEventListener('scroll', update, true)
    window.addEventListener('resize', update)
    return () => {
      window.removeEventListener('scroll', update, true)
      window.removeEventListener('resize', update)
    }
  }, [open, side, sideOffset, trigger])

  if (!open || typeof document === 'undefined') return null
  const shownSide = position?.side ?? side
  return createPortal(
    <div
      ref={ref}
      id={tooltip.contentId}
      role="tooltip"
      data-slot="tooltip-content"
      data-side={shownSide}
      data-state="delayed-open"
      style={
        {
          position: 'fixed',
          left: 0,
          top: 0,
          transform: position ? `translate(${position.x}px, ${position.y}px)` : undefined,
          // Measured first, unseen, then placed.
          visibility: position ? undefined : 'hidden',
          transformOrigin: opposite[shownSide],
          ...(position && { '--ui-tooltip-arrow': `${position.arrow}px` }),
          ...(maxWidth !== undefined && { maxWidth }),
          ...style,
        } as CSSProperties
      }
      className={className}
      {...props}
    >
      {children}
    </div>,
    document.body,
  )
})
