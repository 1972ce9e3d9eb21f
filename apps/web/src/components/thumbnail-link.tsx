import { Link } from 'react-router'

/** A picture that opens something: the thumbnail in a square frame, its title under it, and an optional line. */
export function ThumbnailLink({
  to,
  src,
  width,
  height,
  title,
  detail,
}: {
  to: string
  src: string
  width: number
  height: number
  title: string
  detail?: string
}) {
  return (
    <Link
      to={to}
      className="group block rounded-xl focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
    >
      <div className="grid aspect-square place-items-center overflow-hidden rounded-xl border border-border bg-muted p-2 transition-colors group-hover:border-primary/60">
        <img
          src={src}
          alt=""
          width={width}
          height={height}
          loading="lazy"
          decoding="async"
          className="h-auto max-h-full w-auto max-w-full rounded-md shadow-sm"
        />
      </div>
      <p className="mt-2 truncate text-sm font-medium group-hover:underline">{title}</p>
      {detail ? <p className="text-xs text-muted-foreground tabular-nums">{detail}</p> : null}
    </Link>
  )
}
