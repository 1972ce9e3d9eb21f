import { type ButtonHTMLAttributes, forwardRef } from 'react'

/**
 * The public pages' button (and `buttonClass` for links styled as one). Same look as the shell's `Button`
 * (same tokens), kept in the app because the shell's Button brings Slot, cva and tailwind-merge (11 kB
 * gzipped), which would push `/login` past its 150 kB budget. The logged-in screens use the shell's.
 */
const variants = {
  default: 'bg-primary text-primary-foreground shadow-xs hover:bg-primary/90',
  outline: 'border border-border bg-background shadow-xs hover:bg-accent hover:text-accent-foreground',
  ghost: 'text-foreground hover:bg-accent hover:text-accent-foreground',
} as const
const sizes = { default: 'h-9 px-4', sm: 'h-8 gap-1.5 px-3', lg: 'h-11 px-6 text-base' } as const

export interface ButtonStyle {
  variant?: keyof typeof variants
  size?: keyof typeof sizes
}

export function buttonClass({ variant = 'default', size = 'default' }: ButtonStyle = {}, extra = ''): string {
  return [
    'inline-flex shrink-0 select-none items-center justify-center gap-2 whitespace-nowrap rounded-md text-sm font-medium',
    'transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
    'disabled:pointer-events-none disabled:opacity-60 [&_svg]:size-4 [&_svg]:shrink-0',
    variants[variant],
    sizes[size],
    extra,
  ].join(' ')
}

export const Button = forwardRef<HTMLButtonElement, ButtonHTMLAttributes<HTMLButtonElement> & ButtonStyle>(
  function Button({ variant, size, className, type = 'button', ...props }, ref) {
    return <button ref={ref} type={type} className={buttonClass({ variant, size }, className)} {...props} />
  },
)
