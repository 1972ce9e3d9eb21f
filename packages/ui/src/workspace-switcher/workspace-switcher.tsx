import * as MenuPrimitive from 'radix-ui/dropdown-menu'
import { useControllableState } from 'radix-ui/internal'
import { type ComponentPropsWithoutRef, forwardRef, type ReactNode } from 'react'
import { initialsOf } from '../avatar'
import { useDirection } from '../direction'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../dropdown-menu'
import { CheckIcon, ChevronDownIcon } from '../icons/icons'
import { cn } from '../lib/cn'
import { TruncatedText } from '../lib/truncated-text'

/** A place the app works in: the person's own, or a team's. */
export interface Workspace {
  id: string
  name: string
  /** A second line: "Personal", or the person's role in the team. */
  detail?: string
}

/**
 * Every other attribute (`data-testid`, `aria-*`, `id`, event handlers) goes to the switcher's button, as on a
 * plain `<button>`.
 */
export interface WorkspaceSwitcherProps
  extends Omit<ComponentPropsWithoutRef<'button'>, 'children' | 'value' | 'defaultValue'> {
  /** The workspaces to choose from, in the order shown (the personal one first, by convention). */
  workspaces: readonly Workspace[]
  /** The id of the workspace the app shows now. */
  value: string
  /** Called with the id of the workspace chosen (not called when the current one is chosen again). */
  onValueChange: (id: string) => void
  /** What the button is, said before the workspace's name: "Workspace, Northwind". Default "Workspace". */
  label?: string
  /** The heading above the list. Default "Switch workspace". */
  heading?: string
  /** Items below the list, after a separator: "Create a team", "Manage teams" (`WorkspaceSwitcherItem`s). */
  children?: ReactNode
  open?: boolean
  defaultOpen?: boolean
  onOpenChange?: (open: boolean) => void
  contentClassName?: string
}

function Mark({ name }: { name: string }) {
  return (
    <span
      aria-hidden
      className="grid size-7 shrink-0 place-items-center rounded-md bg-primary text-[0.6875rem] font-semibold text-primary-foreground"
    >
      {initialsOf(name) || '?'}
    </span>
  )
}

/**
 * The header's workspace switcher: a button naming the workspace the app shows, opening a menu of the
 * person's workspaces (their own and their teams') as a single choice, with the app's own items below.
 */
export const WorkspaceSwitcher = forwardRef<HTMLButtonElement, WorkspaceSwitcherProps>(
  function WorkspaceSwitcher(
    {
      workspaces,
      value,
      onValueChange,
      label = 'Workspace',
      heading = 'Switch workspace',
      children,
      open,
      defaultOpen,
      onOpenChange,
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
    const current = workspaces.find((w) => w.id === value) ?? workspaces[0]
    const name = current?.name ?? ''
    return (
      <DropdownMenu open={isOpen} onOpenChange={setOpen} modal={false} dir={dir}>
        <DropdownMenuTrigger
          ref={ref}
          {...props}
          data-slot="workspace-switcher-trigger"
          className={cn(
            'group/workspace flex h-10 max-w-64 min-w-0 items-center gap-2 rounded-md px-1.5 outline-none',
            'transition-colors hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50',
            'data-[state=open]:bg-accent',
            className,
          )}
        >
          {/* Named by text, so the visible name is part of the button's name. */}
          <span className="sr-only">{`${label}, ${name}`}</span>
          <Mark name={name} />
          <TruncatedText aria-hidden className="text-sm font-medium max-sm:hidden">
            {name}
          </TruncatedText>
          <ChevronDownIcon
            aria-hidden
            className="size-4 shrink-0 text-muted-foreground transition-transform group-data-[state=open]/workspace:rotate-180"
          />
        </DropdownMenuTrigger>
        <DropdownMenuContent align="start" className={cn('w-72 max-w-[calc(100vw-1rem)]', contentClassName)}>
          <MenuPrimitive.Label data-slot="dropdown-menu-label">{heading}</MenuPrimitive.Label>
          <MenuPrimitive.RadioGroup
            value={current?.id}
            onValueChange={(id) => {
              if (id !== current?.id) onValueChange(id)
            }}
          >
            {workspaces.map((w) => (
              <MenuPrimitive.RadioItem
                key={w.id}
                value={w.id}
                data-slot="dropdown-menu-item"
                className="pe-8"
                // The list's names are whole in the accessibility tree even when cut on screen.
                aria-label={w.detail ? `${w.name}, ${w.detail}` : w.name}
              >
                <Mark name={w.name} />
                <span className="grid min-w-0 flex-1 leading-tight">
                  <TruncatedText className="font-medium">{w.name}</TruncatedText>
                  {w.detail && (
                    <TruncatedText className="text-xs text-muted-foreground">{w.detail}</TruncatedText>
                  )}
                </span>
                <MenuPrimitive.ItemIndicator className="absolute end-2.5 inline-flex">
                  <CheckIcon aria-hidden className="size-4 text-foreground" />
                </MenuPrimitive.ItemIndicator>
              </MenuPrimitive.RadioItem>
            ))}
          </MenuPrimitive.RadioGroup>
          {children !== undefined && <DropdownMenuSeparator />}
          {children}
        </DropdownMenuContent>
      </DropdownMenu>
    )
  },
)

/** An item below the workspaces: a link (`asChild`) or an action (`onSelect`), with an optional icon. */
export { DropdownMenuItem as WorkspaceSwitcherItem } from '../dropdown-menu'
