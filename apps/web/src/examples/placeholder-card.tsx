/** A tasteful stand-in for a rendered example until the renderer's output is published. */
const palettes = [
  ['#4f46e5', '#a5b4fc', '#eef2ff'],
  ['#db2777', '#f9a8d4', '#fdf2f8'],
  ['#059669', '#6ee7b7', '#ecfdf5'],
  ['#d97706', '#fcd34d', '#fffbeb'],
  ['#0284c7', '#7dd3fc', '#f0f9ff'],
  ['#7c3aed', '#c4b5fd', '#f5f3ff'],
] as const

export function PlaceholderCard({
  index,
  width,
  height,
  label,
}: {
  index: number
  width: number
  height: number
  label: string
}) {
  const [strong, soft, paper] = palettes[index % palettes.length] ?? palettes[0]
  const id = `ph-${width}-${height}-${index}`
  return (
    <svg
      viewBox={`0 0 ${width} ${height}`}
      role="img"
      aria-label={label}
      className="h-auto w-full rounded-lg"
    >
      <defs>
        <linearGradient id={id} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={paper} />
          <stop offset="1" stopColor={soft} />
        </linearGradient>
      </defs>
      <rect width={width} height={height} fill={`url(#${id})`} />
      <circle
        cx={width * 0.82}
        cy={height * 0.22}
        r={Math.min(width, height) * 0.22}
        fill={strong}
        opacity="0.85"
      />
      <circle
        cx={width * 0.12}
        cy={height * 0.9}
        r={Math.min(width, height) * 0.3}
        fill={soft}
        opacity="0.7"
      />
      <rect
        x={width * 0.08}
        y={height * 0.42}
        width={width * 0.56}
        height={height * 0.09}
        rx="6"
        fill={strong}
      />
      <rect
        x={width * 0.08}
        y={height * 0.56}
        width={width * 0.42}
        height={height * 0.05}
        rx="4"
        fill={strong}
        opacity="0.55"
      />
      <rect
        x={width * 0.08}
        y={height * 0.65}
        width={width * 0.34}
        height={height * 0.05}
        rx="4"
        fill={strong}
        opacity="0.35"
      />
    </svg>
  )
}
