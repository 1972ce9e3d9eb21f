import { cva, type VariantProps } from 'class-variance-authority'
import { useLayoutEffect } from 'radix-ui/internal'
import {
  type ComponentPropsWithoutRef,
  createContext,
  forwardRef,
  useContext,
  useEffect,
  useState,
} from 'react'
import { cn } from '../lib/cn'

/**
 * Up to two initials of a name, for the avatar fallback: "Ada Lovelace" -> "AL", "plato" -> "P".
 * Works for any script (it takes whole characters, not UTF-16 halves).
 */
export function initialsOf(name: string | undefined): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean)
  const first = words[0]
  if (!first) return ''
  const last = words.length > 1 ? words[words.length - 1] : undefined
  const letter = (word: string | undefined) => (word ? (Array.from(word)[0] ?? '') : '')
  return (letter(first) + letter(last)).toLocaleUpperCase()
}

export const avatarVariants = cva(
  'relative flex shrink-0 overflow-hidden rounded-full bg-muted select-none',
  {
    variants: {
      size: {
        sm: 'size-7 text-[0.6875rem]',
        default: 'size-9 text-sm',
        lg: 'size-11 text-base',
      },
    },
    defaultVariants: { size: 'default' },
  },
)

type ImageStatus = 'idle' | 'loading' | 'loaded' | 'error'

const AvatarContext = createContext<{
  status: ImageStatus
  setStatus: (status: ImageStatus) => void
}>({ status: 'idle', setStatus: () => {} })

export interface AvatarProps extends ComponentPropsWithoutRef<'span'>, VariantProps<typeof avatarVariants> {}

/** A round picture with a fallback (initials) shown until, or instead of, the image. */
export const Avatar = forwardRef<HTMLSpanElement, AvatarProps>(function Avatar(
  { className, size, ...props },
  ref,
) {
  const [status, setStatus] = useState<ImageStatus>('idle')
  return (
    <AvatarContext.Provider value={{ status, setStatus }}>
      <span ref={ref} data-slot="avatar" className={cn(avatarVariants({ size }), className)} {...props} />
    </AvatarContext.Provider>
  )
})

export interface AvatarImageProps extends ComponentPropsWithoutRef<'img'> {
  onLoadingStatusChange?: (status: ImageStatus) => void
}

/**
 * The picture: loaded off-screen first and shown only once it has loaded, so a slow or broken image
 * never shows as a broken icon; until then (or instead) the `AvatarFallback` shows.
 */
export const AvatarImage = forwardRef<HTMLImageElement, AvatarImageProps>(function AvatarImage(
  { className, alt = '', src, referrerPolicy, crossOrigin, onLoadingStatusChange, ...props },
  ref,
) {
  const { status, setStatus } = useContext(AvatarContext)
  useLayoutEffect(() => {
    if (!src) {
      setStatus('error')
      return
    }
    let current = true
    const image = new window.Image()
    const settle = (next: ImageStatus) => () => {
      if (current) setStatus(next)
    }
    image.onload = settle('loaded')
    image.onerror = settle('error')
    if (referrerPolicy) image.referrerPolicy = referrerPolicy
    if (typeof crossOrigin === 'string') image.crossOrigin = crossOrigin
    image.src = src
    setStatus(image.complete && image.naturalWidth > 0 ? 'loaded' : 'loading')
    return () => {
      current = false
      setStatus('idle')
    }
  }, [src, referrerPolicy, crossOrigin, setStatus])
  useEffect(() => {
    if (status !== 'idle') onLoadingStatusChange?.(status)
  }, [status, onLoadingStatusChange])
  if (status !== 'loaded') return null
  return (
    <img
      ref={ref}
      data-slot="avatar-image"
      alt={alt}
      src={src}
      referrerPolicy={referrerPolicy}
      crossOrigin={crossOrigin}
      className={cn('aspect-square size-full object-cover', className)}
      {...props}
    />
  )
})

export interface AvatarFallbackProps extends ComponentPropsWithoutRef<'span'> {
  /** Wait this long (ms) before showing the fallback, so a fast image does not flash initials first. */
  delayMs?: number
}

/** What shows while the image loads, when it fails, or when there is none: usually the initials. */
export const AvatarFallback = forwardRef<HTMLSpanElement, AvatarFallbackProps>(function AvatarFallback(
  { className, delayMs, ...props },
  ref,
) {
  const { status } = useContext(AvatarContext)
  const [delayed, setDelayed] = useState(delayMs !== undefined)
  useEffect(() => {
    if (delayMs === undefined) return
    const timer = window.setTimeout(() => setDelayed(false), delayMs)
    return () => window.clearTimeout(timer)
  }, [delayMs])
  if (delayed || status === 'loaded') return null
  return (
    <span
      ref={ref}
      data-slot="avatar-fallback"
      className={cn(
        'flex size-full items-center justify-center rounded-full bg-primary/12 font-medium text-primary',
        className,
      )}
      {...props}
    />
  )
})
