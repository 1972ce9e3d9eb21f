export {
  DEFAULT_TOAST_DURATION,
  DEFAULT_TOAST_OFFSET,
  DEFAULT_VISIBLE_TOASTS,
  Toaster,
  type ToasterProps,
  type ToastPosition,
} from './toast'
export { type ToastId, type ToastKind, type ToastOptions, toast } from './toast-store'
