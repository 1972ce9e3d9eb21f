import * as Slot from 'radix-ui/slot'
import { type ComponentPropsWithoutRef, forwardRef } from 'react'

interface SlotProps {
  /** Render the single child (a `<section>`, an `<article>`, an `<li>`, an `<h2>`) with this part's look. */
  asChild?: boolean
}

export interface CardProps extends ComponentPropsWithoutRef<'div'>, SlotProps {}

/**
 * A bordered surface that groups one subject: compose `CardHeader` (`CardTitle`, `CardDescription`),
 * `CardContent` and `CardFooter` in it. A `<div>`; with `asChild` the app's own element, such as a
 * `<section aria-labelledby>` named by its title.
 */
export const Card = forwardRef<HTMLDivElement, CardProps>(function Card({ asChild = false, ...props }, ref) {
  const Comp = asChild ? Slot.Root : 'div'
  return <Comp ref={ref} data-slot="card" {...props} />
})

/** The title and description at the top. */
export const CardHeader = forwardRef<HTMLDivElement, ComponentPropsWithoutRef<'div'>>(
  function CardHeader(props, ref) {
    return <div ref={ref} data-slot="card-header" {...props} />
  },
)

export interface CardTitleProps extends ComponentPropsWithoutRef<'h3'>, SlotProps {}

/** The card's heading: an `<h3>`; for another level, `<CardTitle asChild><h2>…</h2></CardTitle>`. */
export const CardTitle = forwardRef<HTMLHeadingElement, CardTitleProps>(function CardTitle(
  { asChild = false, ...props },
  ref,
) {
  const Comp = asChild ? Slot.Root : 'h3'
  return <Comp ref={ref} data-slot="card-title" {...props} />
})

export const CardDescription = forwardRef<HTMLParagraphElement, ComponentPropsWithoutRef<'p'>>(
  function CardDescription(props, ref) {
    return <p ref={ref} data-slot="card-description" {...props} />
  },
)

export const CardContent = forwardRef<HTMLDivElement, ComponentPropsWithoutRef<'div'>>(
  function CardContent(props, ref) {
    return <div ref={ref} data-slot="card-content" {...props} />
  },
)

/** Actions at the bottom, in a row that wraps. */
export const CardFooter = forwardRef<HTMLDivElement, ComponentPropsWithoutRef<'div'>>(
  function CardFooter(props, ref) {
    return <div ref={ref} data-slot="card-footer" {...props} />
  },
)
