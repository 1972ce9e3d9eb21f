/** The least room (CSS px) between two drawn grid lines: denser, every other, fifth… line is drawn. */
const MIN_SHOWN_PX = 6

/**
 * The layout grid over the page, a light line every `spacing` design px (every few when zoomed out so far that
 * every line would grey the page). Layers snap to every line all the same.
 */
export function GridOverlay({ spacing, zoom }: { spacing: number; zoom: number }) {
  const every = [1, 2, 5, 10, 20, 50, 100].find((n) => spacing * n * zoom >= MIN_SHOWN_PX) ?? 100
  const px = spacing * every * zoom
  const ink = 'rgba(37, 99, 235, 0.2)'
  return (
    <div
      aria-hidden="true"
      data-slot="layout-grid"
      data-spacing={spacing}
      style={{
        position: 'absolute',
        inset: 0,
        pointerEvents: 'none',
        backgroundImage: `linear-gradient(to right, ${ink} 1px, transparent 1px), linear-gradient(to bottom, ${ink} 1px, transparent 1px)`,
        backgroundSize: `${px}px ${px}px`,
      }}
    />
  )
}
