import * as DropdownMenuPrimitive from 'radix-ui/dropdown-menu'
import { useControllableState } from 'radix-ui/internal'
import { type ComponentPropsWithoutRef, forwardRef, type ReactNode } from 'react'
import { Avatar, AvatarFallback, AvatarImage, initialsOf } from '../avatar'
import { useDirection } from '../direction'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../dropdown-menu'
import { ChevronDownIcon } from '../icons/icons'
import { cn } from '../lib/cn'
import { TruncatedText } from '../lib/truncated-text'

/**
 * Every other attribute (`data-testid`, `aria-*`, `id`, event handlers) goes to the avatar button, as on a
 * plain `<button>`.
 */
export interface AvatarMenuProps extends Omit<ComponentPropsWithoutRef<'button'>, 'children'> {
  /** The user's name: the menu's heading, the avatar's initials and part of the button's name. */
  name: string
  /** A second line under the name, usually the e-mail address. */
  email?: string
  /** The avatar picture; the initials show until it loads, or when it fails. */
  image?: string
  /** The button's accessible name. Default "Account menu". The name is appended: "Account menu, Ada Lovelace". */
  label?: string
  /** Show the name beside the avatar from 640 px up. Default false. */
  showName?: boolean
  open?: boolean
  defaultOpen?: boolean
  onOpenChange?: (open: boolean) => void
  /**
   * Whether the menu blocks the rest of the page while open. Default false: an item that opens a dialog
   * (a well-known Radix pitfall with a modal menu) then leaves the page clickable after the dialog closes.
   */
  modal?: boolean
  /**
   * The menu's items, in order: `AvatarMenuItem`s, `AvatarMenuSeparator`s, or any other part of a dropdown
   * menu (`DropdownMenuGroup`, `DropdownMenuLabel`, an item holding the app's own content).
   */
  children?: ReactNode
  /** The heading with the avatar, name and e-mail at the top of the menu; `false` leaves it out. */
  heading?: ReactNode | false
  contentClassName?: string
}

/**
 * The account menu: an avatar button that opens a dropdown with the user's name and e-mail, the app's
 * items (links through `asChild`) and actions such as logging out.
 */
export const AvatarMenu = forwardRef<HTMLButtonElement, AvatarMenuProps>(function AvatarMenu(
  {
    name,
    email,
    image,
    label = 'Account menu',
    showName = false,
    open,
    defaultOpen,
    onOpenChange,
    modal = false,
    children,
    heading,
    className,
    contentClassName,
    ...props
  },
  ref,
) {
  const dir = useDirection()
  const [isOpen, setOpen] = useControllableState({
    prop: open,
    defaultProp: defaultOpen ?? false,
    onChange: onOpenChange,
  })
  // The picture is decoration (the name is said in words), so its initials do not compete with the label.
  const avatar = (size: 'sm' | 'default') => (
    <Avatar size={size} aria-hidden>
      {image && <AvatarImage src={image} alt="" />}
      <AvatarFallback delayMs={image ? 300 : undefined}>{initialsOf(name)}</AvatarFallback>
    </Avatar>
  )
  return (
    <DropdownMenu open={isOpen} onOpenChange={setOpen} modal={modal} dir={dir}>
      <DropdownMenuTrigger
        ref={ref}
        {...props}
        data-slot="avatar-menu-trigger"
        className={cn(
          'group/avatar flex h-fit max-w-56 min-w-0 items-center gap-2 rounded-full p-0.5 outline-none',
          'transition-colors hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50',
          'data-[state=open]:bg-accent',
          showName && 'sm:pe-2.5',
          className,
        )}
      >
        {/* Named by text rather than aria-label, so the visible initials or name never contradict the name. */}
        <span className="sr-only">{name ? `${label}, ${name}` : label}</span>
        {avatar('default')}
        {showName && (
          <>
            <TruncatedText aria-hidden className="text-sm font-medium max-sm:hidden">
              {name}
            </TruncatedText>
            <ChevronDownIcon
              aria-hidden
              className="hidden size-4 shrink-0 text-muted-foreground transition-transform group-data-[state=open]/avatar:rotate-180 sm:block"
            />
          </>
        )}
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className={cn('w-64', contentClassName)}>
        {/* `false ?? …` is `false`: no heading. */}
        {heading ?? (
          <DropdownMenuPrimitive.Label
            data-slot="avatar-menu-heading"
            className="flex items-center gap-3 p-2 text-foreground"
          >
            {avatar('default')}
            <span className="grid min-w-0 flex-1 leading-tight">
              <TruncatedText className="text-sm font-semibold">{name}</TruncatedText>
              {email && <TruncatedText className="text-xs text-muted-foreground">{email}</TruncatedText>}
            </span>
          </DropdownMenuPrimitive.Label>
        )}
        {heading !== false && children !== undefined && <DropdownMenuSeparator />}
        {children}
      </DropdownMenuContent>
    </DropdownMenu>
  )
})

/** An item of the account menu: a link (`asChild`) or an action (`onSelect`), with an optional icon. */
export {
  DropdownMenuItem as AvatarMenuItem,
  type DropdownMenuItemProps as AvatarMenuItemProps,
  DropdownMenuSeparator as AvatarMenuSeparator,
} from '../dropdown-menu'
