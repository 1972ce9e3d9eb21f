/** A listed picture (a creation, an own template, an upload) whole in a square frame, letterboxed. */
export function TilePicture({
  src,
  alt,
  width,
  height,
}: {
  src: string
  alt: string
  width: number
  height: number
}) {
  return (
    <div className="grid aspect-square place-items-center overflow-hidden rounded-lg bg-muted">
      <img
        src={src}
        alt={alt}
        width={width}
        height={height}
        loading="lazy"
        className="h-auto max-h-full w-auto max-w-full"
      />
    </div>
  )
}
