import { Tooltip as TooltipPrimitive } from 'radix-ui'
import {
  type ComponentPropsWithoutRef,
  type ComponentRef,
  createContext,
  forwardRef,
  useContext,
} from 'react'
import { cn } from '../lib'

/** The default open delay in milliseconds. */
export const DEFAULT_TOOLTIP_DELAY = 100
/** The default maximum width in pixels. */
export const DEFAULT_TOOLTIP_MAX_WIDTH = 250

const InsideProvider = createContext(false)

export interface TooltipProviderProps extends ComponentPropsWithoutRef<typeof TooltipPrimitive.Provider> {}

/**
 * Shares the open delay between tooltips, so moving from one to the next opens it at once. `AppShell`
 * includes one; a `Tooltip` outside any provider brings its own.
 */
export function TooltipProvider({ delayDuration = DEFAULT_TOOLTIP_DELAY, ...props }: TooltipProviderProps) {
  return (
    <InsideProvider.Provider value={true}>
      <TooltipPrimitive.Provider delayDuration={delayDuration} {...props} />
    </InsideProvider.Provider>
  )
}

export interface TooltipProps extends ComponentPropsWithoutRef<typeof TooltipPrimitive.Root> {}

/** A tooltip: `open/defaultOpen/onOpenChange`, `delayDuration` (default 100 ms). */
export function Tooltip({ delayDuration, ...props }: TooltipProps) {
  const root = <TooltipPrimitive.Root delayDuration={delayDuration} {...props} />
  return useContext(InsideProvider) ? root : <TooltipProvider>{root}</TooltipProvider>
}

export const TooltipTrigger = forwardRef<
  ComponentRef<typeof TooltipPrimitive.Trigger>,
  ComponentPropsWithoutRef<typeof TooltipPrimitive.Trigger>
>(function TooltipTrigger(props, ref) {
  return <TooltipPrimitive.Trigger ref={ref} data-slot="tooltip-trigger" {...props} />
})

export interface TooltipContentProps extends ComponentPropsWithoutRef<typeof TooltipPrimitive.Content> {
  /** Maximum width; longer text wraps. Default 250 px (`--ui-tooltip-max-width`). */
  maxWidth?: number | string
}

export const TooltipContent = forwardRef<ComponentRef<typeof TooltipPrimitive.Content>, TooltipContentProps>(
  function TooltipContent({ className, sideOffset = 6, maxWidth, style, children, ...props }, ref) {
    return (
      <TooltipPrimitive.Portal>
        <TooltipPrimitive.Content
          ref={ref}
          data-slot="tooltip-content"
          sideOffset={sideOffset}
          style={maxWidth === undefined ? style : { maxWidth, ...style }}
          className={cn(
            'z-50 w-fit max-w-(--ui-tooltip-max-width) origin-(--radix-tooltip-content-transform-origin)',
            'rounded-md bg-foreground px-2.5 py-1.5 text-xs leading-snug font-medium text-balance break-words text-background',
            'shadow-md animate-ui-pop-in data-[state=closed]:animate-ui-pop-out',
            className,
          )}
          {...props}
        >
          {children}
          <TooltipPrimitive.Arrow className="fill-foreground" width={10} height={5} />
        </TooltipPrimitive.Content>
      </TooltipPrimitive.Portal>
    )
  },
)
