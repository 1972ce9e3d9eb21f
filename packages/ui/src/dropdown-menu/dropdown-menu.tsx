import * as MenuPrimitive from 'radix-ui/dropdown-menu'
import { composeEventHandlers, useComposedRefs } from 'radix-ui/internal'
import { type ComponentPropsWithoutRef, type ComponentRef, forwardRef, type ReactNode, useRef } from 'react'
import { withSlotContent } from '../lib/slot-content'

/** A menu: `open/defaultOpen/onOpenChange`, `modal` (default true), `dir`. */
export const DropdownMenu = MenuPrimitive.Root
export const DropdownMenuGroup = MenuPrimitive.Group
export const DropdownMenuPortal = MenuPrimitive.Portal

export const DropdownMenuTrigger = forwardRef<
  ComponentRef<typeof MenuPrimitive.Trigger>,
  ComponentPropsWithoutRef<typeof MenuPrimitive.Trigger>
>(function DropdownMenuTrigger(props, ref) {
  return <MenuPrimitive.Trigger ref={ref} data-slot="dropdown-menu-trigger" {...props} />
})

export const DropdownMenuContent = forwardRef<
  ComponentRef<typeof MenuPrimitive.Content>,
  ComponentPropsWithoutRef<typeof MenuPrimitive.Content>
>(function DropdownMenuContent({ className, sideOffset = 6, onPointerDownOutside, ...props }, ref) {
  const content = useRef<HTMLDivElement>(null)
  const refs = useComposedRefs(ref, content)
  return (
    <MenuPrimitive.Portal>
      <MenuPrimitive.Content
        ref={refs}
        data-slot="dropdown-menu-content"
        sideOffset={sideOffset}
        className={className}
        {...props}
        // The trigger toggles the menu on its own press. A menu still fading out after an item took that
        // press for one outside it too, and shut the menu the press had just reopened.
        onPointerDownOutside={composeEventHandlers(onPointerDownOutside, (event) => {
          const trigger = content.current?.getAttribute('aria-labelledby')
          const target = event.target instanceof Element ? event.target : null
          if (trigger && target?.closest(`#${CSS.escape(trigger)}`)) event.preventDefault()
        })}
      />
    </MenuPrimitive.Portal>
  )
})

export interface DropdownMenuItemProps extends ComponentPropsWithoutRef<typeof MenuPrimitive.Item> {
  /** `destructive` for actions such as logging out or deleting. */
  variant?: 'default' | 'destructive'
  /** An icon before the label; it is hidden from assistive technology. */
  icon?: ReactNode
  /** Indent the label to line up with items that have an icon. */
  inset?: boolean
}

/**
 * A menu item. With `asChild` it renders the app's own link (`<Link to="/settings">Settings</Link>`);
 * use `onSelect` for actions.
 */
export const DropdownMenuItem = forwardRef<ComponentRef<typeof MenuPrimitive.Item>, DropdownMenuItemProps>(
  function DropdownMenuItem(
    { className, variant = 'default', icon, inset, asChild, children, ...props },
    ref,
  ) {
    return (
      <MenuPrimitive.Item
        ref={ref}
        data-slot="dropdown-menu-item"
        data-variant={variant}
        asChild={asChild}
        data-inset={inset || undefined}
        className={className}
        {...props}
      >
        {asChild ? withSlotContent(children, (label) => withIcon(icon, label)) : withIcon(icon, children)}
      </MenuPrimitive.Item>
    )
  },
)

function withIcon(icon: ReactNode, children: ReactNode) {
  if (!icon) return children
  return (
    <>
      <span aria-hidden className="inline-flex shrink-0">
        {icon}
      </span>
      {children}
    </>
  )
}

export const DropdownMenuLabel = forwardRef<
  ComponentRef<typeof MenuPrimitive.Label>,
  ComponentPropsWithoutRef<typeof MenuPrimitive.Label> & { inset?: boolean }
>(function DropdownMenuLabel({ className, inset, ...props }, ref) {
  return (
    <MenuPrimitive.Label
      ref={ref}
      data-slot="dropdown-menu-label"
      data-inset={inset || undefined}
      className={className}
      {...props}
    />
  )
})

export const DropdownMenuSeparator = forwardRef<
  ComponentRef<typeof MenuPrimitive.Separator>,
  ComponentPropsWithoutRef<typeof MenuPrimitive.Separator>
>(function DropdownMenuSeparator({ className, ...props }, ref) {
  return (
    <MenuPrimitive.Separator ref={ref} data-slot="dropdown-menu-separator" className={className} {...props} />
  )
})
