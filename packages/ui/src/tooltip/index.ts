export {
  DEFAULT_TOOLTIP_DELAY,
  DEFAULT_TOOLTIP_MAX_WIDTH,
  Tooltip,
  TooltipContent,
  type TooltipContentProps,
  type TooltipProps,
  TooltipProvider,
  type TooltipProviderProps,
  TooltipTrigger,
  type TooltipTriggerProps,
} from './tooltip'
