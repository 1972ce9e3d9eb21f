/**
 * A signed-in page's first render in two tasks instead of one: the app's shell first, then the screen.
 * Preact renders a tree in one go, and on a slow phone the whole first render was one long task (the
 * page's largest, ~50 ms at full speed: Lighthouse's Total Blocking Time counts each task past 50 ms at
 * 4x). Between the two the screen keeps its pre-rendered nodes on view (taken out of the pre-render by
 * start.tsx and moved, not copied), so the frame in between looks as the page did before the app.
 */
import { type ReactNode, useLayoutEffect, useRef } from 'react'

let pending: { nodes: Node[]; shown: Promise<void> } | undefined

/**
 * start.tsx, just before its first render: the pre-rendered screen's nodes (an app page's `[data-screen]`),
 * kept until the task after that render, whatever it renders.
 */
export function keepPrerenderedScreen(container: Element | null): void {
  const nodes = container ? [...container.childNodes] : []
  if (nodes.length === 0) return
  const shown = new Promise<void>((resolve) => setTimeout(resolve, 0))
  pending = { nodes, shown }
  void shown.then(() => {
    pending = undefined
  })
}

/** Renders `children` from the task after the first render on (suspending until then). */
export function ScreenAfterShell({ children }: { children: ReactNode }) {
  if (pending) throw pending.shown
  return children
}

/**
 * The fallback of {@link ScreenAfterShell}'s boundary: during the first render the pre-rendered screen's
 * nodes (inert, like the pre-render), else `otherwise` (a screen whose code or data suspends later).
 */
export function PrerenderedScreen({ otherwise }: { otherwise: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null)
  const kept = pending !== undefined
  // Before the frame is painted, and only while the first render's nodes are kept.
  useLayoutEffect(() => {
    const nodes = pending?.nodes
    if (nodes) ref.current?.append(...nodes)
  }, [])
  return kept ? <div ref={ref} inert className="contents" /> : otherwise
}
