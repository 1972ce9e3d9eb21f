import { useCallback, useRef, useState } from 'react'

export type SetStateAction<T> = T | ((previous: T) => T)

export interface UseControllableStateParams<T> {
  /** The controlled value (`open`, `collapsed`, ...). `undefined` means uncontrolled. */
  prop?: T | undefined
  /** The initial value when uncontrolled (`defaultOpen`, `defaultCollapsed`, ...). */
  defaultProp: T | (() => T)
  /** Called with every requested change (`onOpenChange`, `onCollapsedChange`, ...), controlled or not. */
  onChange?: ((value: T) => void) | undefined
}

/**
 * One state that is controllable (`value` + `onValueChange`) and uncontrollable (`defaultValue`) at once.
 * Every piece of state in this package goes through it, so the prop names and behaviour are the same
 * everywhere: `open/defaultOpen/onOpenChange`, `collapsed/defaultCollapsed/onCollapsedChange`.
 */
export function useControllableState<T>({
  prop,
  defaultProp,
  onChange,
}: UseControllableStateParams<T>): [T, (next: SetStateAction<T>) => void] {
  const [uncontrolled, setUncontrolled] = useState<T>(defaultProp)
  const isControlled = prop !== undefined
  const value = isControlled ? (prop as T) : uncontrolled

  // Refs keep the setter stable while always seeing the latest value and callback.
  const valueRef = useRef(value)
  valueRef.current = value
  const onChangeRef = useRef(onChange)
  onChangeRef.current = onChange
  const controlledRef = useRef(isControlled)
  controlledRef.current = isControlled

  const setValue = useCallback((next: SetStateAction<T>) => {
    const previous = valueRef.current
    const resolved = typeof next === 'function' ? (next as (previous: T) => T)(previous) : next
    if (Object.is(resolved, previous)) return
    valueRef.current = resolved
    if (!controlledRef.current) setUncontrolled(resolved)
    onChangeRef.current?.(resolved)
  }, [])

  return [value, setValue]
}
