import { cva, type VariantProps } from 'class-variance-authority'
import * as Slot from 'radix-ui/slot'
import { type ComponentPropsWithoutRef, forwardRef } from 'react'
import { cn } from '../lib'

export const buttonVariants = cva(
  [
    'inline-flex shrink-0 items-center justify-center whitespace-nowrap rounded-md text-sm font-medium',
    'select-none outline-none transition-[color,background-color,border-color,box-shadow]',
    'focus-visible:ring-[3px] focus-visible:ring-ring/50',
    'disabled:pointer-events-none disabled:opacity-50',
    '[&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*=size-])]:size-4',
  ],
  {
    variants: {
      variant: {
        default: 'bg-primary text-primary-foreground shadow-xs hover:bg-primary/90',
        secondary: 'bg-secondary text-secondary-foreground hover:bg-secondary/80',
        outline: 'border border-border bg-background shadow-xs hover:bg-accent hover:text-accent-foreground',
        // Its text colour comes from `tone` (compound variants below).
        ghost: 'hover:bg-accent',
        destructive:
          'bg-destructive text-destructive-foreground shadow-xs hover:bg-destructive/90 focus-visible:ring-destructive/40',
        link: 'text-primary underline-offset-4 hover:underline',
      },
      size: {
        default: 'h-9 gap-2 px-4',
        sm: 'h-8 gap-1.5 px-3',
        lg: 'h-10 gap-2 px-6',
        icon: 'size-9',
        'icon-sm': 'size-8',
        'icon-lg': 'size-10',
      },
      /** Ghost buttons only: `muted` for the quiet icon buttons of the header (toggle, bell). */
      tone: { default: '', muted: '' },
    },
    // Variants never compete for the same property, so no class merging is needed.
    compoundVariants: [
      { variant: 'ghost', tone: 'default', class: 'text-foreground hover:text-accent-foreground' },
      { variant: 'ghost', tone: 'muted', class: 'text-muted-foreground hover:text-foreground' },
    ],
    defaultVariants: { variant: 'default', size: 'default', tone: 'default' },
  },
)

export interface ButtonProps extends ComponentPropsWithoutRef<'button'>, VariantProps<typeof buttonVariants> {
  /** Render the single child (a link, say) with the button's styles and behaviour instead of a <button>. */
  asChild?: boolean
}

/** A button, or with `asChild` any element (such as the app's router link) that looks like one. */
export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { className, variant, size, tone, asChild = false, type, ...props },
  ref,
) {
  const Comp = asChild ? Slot.Root : 'button'
  return (
    <Comp
      ref={ref}
      data-slot="button"
      // A bare <button> inside a form submits it; default to a plain button, as a component library should.
      type={asChild ? type : (type ?? 'button')}
      className={cn(buttonVariants({ variant, size, tone }), className)}
      {...props}
    />
  )
})
