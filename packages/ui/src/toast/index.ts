export {
  DEFAULT_TOAST_DURATION,
  DEFAULT_TOAST_OFFSET,
  DEFAULT_VISIBLE_TOASTS,
  Toaster,
  type ToasterProps,
  type ToastOptions,
  type ToastPosition,
  toast,
} from './toast'
