import type { ReactNode } from 'react'

export type ToastKind = 'default' | 'success' | 'error' | 'warning' | 'info'
export type ToastId = string | number

export interface ToastOptions {
  /** Showing a toast with the id of one still in view updates that one instead of adding another. */
  id?: ToastId
  /** A second, quieter line. */
  description?: ReactNode
  /** How long it stays, in ms; `Infinity` keeps it until dismissed. Default: the `Toaster`'s `duration`. */
  duration?: number
}

export interface ToastRecord {
  id: ToastId
  kind: ToastKind
  message: ReactNode
  description?: ReactNode
  duration?: number
  /**
   * False once dismissed: Radix plays its exit animation and unmounts it; the record itself leaves the
   * list when the next toast is shown.
   */
  open: boolean
}

let records: ToastRecord[] = []
let nextId = 0
/** At most this many open at once; the `Toaster` sets it from its `visibleToasts`. */
let limit = 3
const listeners = new Set<() => void>()

function emit() {
  for (const listener of listeners) listener()
}

/** Closes every open toast past the limit, oldest first. */
function evictOverflow() {
  const open = records.filter((record) => record.open)
  const excess = open.length - limit
  if (excess <= 0) return
  const evicted = new Set(open.slice(0, excess).map((record) => record.id))
  records = records.map((record) => (evicted.has(record.id) ? { ...record, open: false } : record))
}

function show(kind: ToastKind, message: ReactNode, options: ToastOptions = {}): ToastId {
  const { id = `toast-${++nextId}`, ...rest } = options
  const existing = records.find((record) => record.id === id && record.open)
  const record: ToastRecord = { id, kind, message, ...rest, open: true }
  if (existing) {
    records = records.map((item) => (item === existing ? record : item))
  } else {
    // Closed ones have left the screen by now (or are leaving: a new toast may cut that short).
    records = [...records.filter((item) => item.open), record]
    evictOverflow()
  }
  emit()
  return id
}

function dismiss(id?: ToastId) {
  let changed = false
  records = records.map((record) => {
    if (!record.open || (id !== undefined && record.id !== id)) return record
    changed = true
    return { ...record, open: false }
  })
  if (changed) emit()
}

/**
 * Shows a toast in the app's `Toaster`: `toast('Saved')`, `toast.success(...)`, `toast.error(...)`,
 * `toast.warning(...)`, `toast.info(...)`; returns its id. `toast.dismiss(id)` closes one, `toast.dismiss()` all.
 */
export const toast = Object.assign(
  (message: ReactNode, options?: ToastOptions) => show('default', message, options),
  {
    message: (message: ReactNode, options?: ToastOptions) => show('default', message, options),
    success: (message: ReactNode, options?: ToastOptions) => show('success', message, options),
    error: (message: ReactNode, options?: ToastOptions) => show('error', message, options),
    warning: (message: ReactNode, options?: ToastOptions) => show('warning', message, options),
    info: (message: ReactNode, options?: ToastOptions) => show('info', message, options),
    dismiss,
  },
)

export const toastStore = {
  subscribe(listener: () => void) {
    listeners.add(listener)
    return () => {
      listeners.delete(listener)
    }
  },
  snapshot: () => records,
  dismiss,
  setLimit(next: number) {
    limit = Math.max(1, next)
    if (records.some((record) => record.open)) {
      evictOverflow()
      emit()
    }
  },
}
