import { type ButtonHTMLAttributes, forwardRef } from 'react'

/**
 * The public pages' button. Same look as the shell's `Button` (same tokens), but kept in the app so the
 * sign-in path does not load the whole shell bundle (@templet/ui ships as one module: importing its
 * Button would bring the sidebar, menus, dialogs and toasts along). The logged-in screens use the shell.
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
