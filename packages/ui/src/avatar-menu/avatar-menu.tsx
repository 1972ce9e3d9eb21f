import { ChevronDownIcon } from 'lucide-react'
import { forwardRef, type ReactNode } from 'react'
import { Avatar, AvatarFallback, AvatarImage, initialsOf } from '../avatar'
import { useDirection } from '../direction'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../dropdown-menu'
import { cn, TruncatedText, useControllableState } from '../lib'

export interface AvatarMenuProps {
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
  /** `AvatarMenuItem`s, `AvatarMenuSeparator`s, anything a dropdown menu holds. */
  children?: ReactNode
  className?: string
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
    className,
    contentClassName,
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
            <TruncatedText aria-hidden className="hidden text-sm font-medium sm:block">
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
        <DropdownMenuLabel className="flex items-center gap-3 px-2 py-2 font-normal text-foreground">
          {avatar('default')}
          <span className="grid min-w-0 flex-1 leading-tight">
            <TruncatedText className="text-sm font-semibold">{name}</TruncatedText>
            {email && <TruncatedText className="text-xs text-muted-foreground">{email}</TruncatedText>}
          </span>
        </DropdownMenuLabel>
        {children !== undefined && <DropdownMenuSeparator />}
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
