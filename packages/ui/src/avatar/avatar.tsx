import { cva, type VariantProps } from 'class-variance-authority'
import * as AvatarPrimitive from 'radix-ui/avatar'
import { type ComponentPropsWithoutRef, type ComponentRef, forwardRef } from 'react'
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

export interface AvatarProps
  extends ComponentPropsWithoutRef<typeof AvatarPrimitive.Root>,
    VariantProps<typeof avatarVariants> {}

/** A round picture with a fallback (initials) shown until, or instead of, the image (Radix Avatar). */
export const Avatar = forwardRef<ComponentRef<typeof AvatarPrimitive.Root>, AvatarProps>(function Avatar(
  { className, size, ...props },
  ref,
) {
  return (
    <AvatarPrimitive.Root
      ref={ref}
      data-slot="avatar"
      className={cn(avatarVariants({ size }), className)}
      {...props}
    />
  )
})

export interface AvatarImageProps extends ComponentPropsWithoutRef<typeof AvatarPrimitive.Image> {}

/**
 * The picture: loaded off-screen first and shown only once it has loaded, so a slow or broken image never
 * shows as a broken icon; until then (or instead) the `AvatarFallback` shows. `onLoadingStatusChange`
 * reports `loading`, `loaded` or `error`.
 */
export const AvatarImage = forwardRef<ComponentRef<typeof AvatarPrimitive.Image>, AvatarImageProps>(
  function AvatarImage({ className, alt = '', ...props }, ref) {
    return (
      <AvatarPrimitive.Image
        ref={ref}
        data-slot="avatar-image"
        alt={alt}
        className={cn('aspect-square size-full object-cover', className)}
        {...props}
      />
    )
  },
)

export interface AvatarFallbackProps extends ComponentPropsWithoutRef<typeof AvatarPrimitive.Fallback> {}

/**
 * What shows while the image loads, when it fails, or when there is none: usually the initials. `delayMs`
 * waits before showing it, so a fast image does not flash initials first.
 */
export const AvatarFallback = forwardRef<ComponentRef<typeof AvatarPrimitive.Fallback>, AvatarFallbackProps>(
  function AvatarFallback({ className, ...props }, ref) {
    return (
      <AvatarPrimitive.Fallback
        ref={ref}
        data-slot="avatar-fallback"
        className={cn(
          'flex size-full items-center justify-center rounded-full bg-primary/12 font-medium text-primary',
          className,
        )}
        {...props}
      />
    )
  },
)
