import * as Direction from 'radix-ui/direction'
import type { ReactNode } from 'react'

export type Dir = 'ltr' | 'rtl'

export interface DirectionProviderProps {
  /** The reading direction of everything inside. Also set `dir` on <html> so that CSS follows. */
  dir: Dir
  children?: ReactNode
}

/**
 * Tells the components the reading direction (keyboard arrows, menu and drawer sides). Wrap the app once;
 * `AppShell` does it for you when given `dir`.
 */
export function DirectionProvider({ dir, children }: DirectionProviderProps) {
  return <Direction.Provider dir={dir}>{children}</Direction.Provider>
}

/** The reading direction from the nearest `DirectionProvider`, `ltr` without one (or the `dir` given). */
export function useDirection(dir?: Dir): Dir {
  return Direction.useDirection(dir)
}
