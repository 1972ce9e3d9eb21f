import { forwardRef, type HTMLAttributes, useState } from 'react'
import { cn } from './cn'

/**
 * One line of text cut with an ellipsis. When it is cut, the full text becomes its `title`, so pointing at
 * it shows everything; screen readers always get the full text from the DOM.
 */
export const TruncatedText = forwardRef<HTMLSpanElement, HTMLAttributes<HTMLSpanElement>>(
  function TruncatedText({ className, onPointerEnter, title, ...props }, ref) {
    const [overflowTitle, setOverflowTitle] = useState<string>()
    return (
      <span
        ref={ref}
        data-slot="truncated-text"
        title={title ?? overflowTitle}
        onPointerEnter={(event) => {
          onPointerEnter?.(event)
          const el = event.currentTarget
          setOverflowTitle(el.scrollWidth > el.clientWidth ? (el.textContent ?? undefined) : undefined)
        }}
        className={cn('block min-w-0 truncate', className)}
        {...props}
      />
    )
  },
)
