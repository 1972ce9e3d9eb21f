import * as TooltipPrimitive from 'radix-ui/tooltip'
import {
  type ComponentPropsWithoutRef,
  type ComponentRef,
  createContext,
  forwardRef,
  useContext,
} from 'react'

/** The default open delay in milliseconds (docs/product.md#fixed-figures). */
export const DEFAULT_TOOLTIP_DELAY = 100
/** The default maximum width in pixels (docs/product.md#fixed-figures); the stylesheet's `--ui-tooltip-max-width`. */
export const DEFAULT_TOOLTIP_MAX_WIDTH = 250

/** Whether a `TooltipProvider` is above: Radix requires one, so a lone `Tooltip` brings its own. */
const InsideProvider = createContext(false)

export interface TooltipProviderProps extends ComponentPropsWithoutRef<typeof TooltipPrimitive.Provider> {}

/**
 * Shares the open delay between tooltips, so moving from one trigger to the next opens it at once.
 * `AppShell` includes one; a `Tooltip` outside any provider brings its own with the defaults.
 */
export function TooltipProvider({ delayDuration = DEFAULT_TOOLTIP_DELAY, ...props }: TooltipProviderProps) {
  return (
    <InsideProvider.Provider value={true}>
      <TooltipPrimitive.Provider delayDuration={delayDuration} {...props} />
    </InsideProvider.Provider>
  )
}

export interface TooltipProps extends ComponentPropsWithoutRef<typeof TooltipPrimitive.Root> {}

/**
 * A short label for a control (Radix Tooltip): shown on hover after `delayDuration` (the provider's,
 * 100 ms) and at once on keyboard focus; Escape, a click or leaving hides it, and the pointer may move
 * onto it without closing it. While open it describes its trigger (`aria-describedby`).
 * `open` / `defaultOpen` / `onOpenChange`.
 */
export function Tooltip(props: TooltipProps) {
  const root = <TooltipPrimitive.Root {...props} />
  return useContext(InsideProvider) ? root : <TooltipProvider>{root}</TooltipProvider>
}

export interface TooltipTriggerProps extends ComponentPropsWithoutRef<typeof TooltipPrimitive.Trigger> {}

/** A `<button>`, or with `asChild` the single child (a link, a `Button`), that the tooltip labels. */
export const TooltipTrigger = forwardRef<ComponentRef<typeof TooltipPrimitive.Trigger>, TooltipTriggerProps>(
  function TooltipTrigger(props, ref) {
    return <TooltipPrimitive.Trigger ref={ref} data-slot="tooltip-trigger" {...props} />
  },
)

export interface TooltipContentProps extends ComponentPropsWithoutRef<typeof TooltipPrimitive.Content> {
  /** Maximum width; longer text wraps. Default 250 px (`--ui-tooltip-max-width`). */
  maxWidth?: number | string
}

/**
 * The label, in a portal beside its trigger (`side`, default `top`; flipped and shifted to stay in the
 * window), with an arrow. Its look is plain CSS on `data-slot="tooltip-content"` (tooltip.css), so an
 * app's class wins by order.
 */
export const TooltipContent = forwardRef<ComponentRef<typeof TooltipPrimitive.Content>, TooltipContentProps>(
  function TooltipContent({ sideOffset = 6, maxWidth, style, children, ...props }, ref) {
    return (
      <TooltipPrimitive.Portal>
        <TooltipPrimitive.Content
          ref={ref}
          data-slot="tooltip-content"
          sideOffset={sideOffset}
          style={maxWidth === undefined ? style : { maxWidth, ...style }}
          {...props}
        >
          {children}
          <TooltipPrimitive.Arrow data-slot="tooltip-arrow" width={10} height={5} />
        </TooltipPrimitive.Content>
      </TooltipPrimitive.Portal>
    )
  },
)
