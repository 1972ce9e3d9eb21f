// The same shell parts written compactly straight on radix-ui, sonner, cva and tailwind-merge, the way a
// product would copy them from shadcn/ui: the comparison row "compact radix-ui build" of scripts/size.mjs.
// Not part of the package; only bundled to be measured.
import { cva } from 'class-variance-authority'
import { clsx } from 'clsx'
import { Avatar, Dialog, DropdownMenu, Slot, Tooltip } from 'radix-ui'
import { type ComponentProps, createContext, useContext, useState } from 'react'
import { Toaster as Sonner, toast } from 'sonner'
import { twMerge } from 'tailwind-merge'

const cn = (...inputs: Parameters<typeof clsx>) => twMerge(clsx(inputs))
const button = cva('inline-flex items-center rounded-md', {
  variants: { variant: { ghost: 'hover:bg-accent', default: 'bg-primary' }, size: { icon: 'size-9' } },
})

const SidebarContext = createContext({
  collapsed: false,
  toggle: () => {},
  open: false,
  setOpen: (_: boolean) => {},
})

export function SidebarProvider({ children }: { children: React.ReactNode }) {
  const [collapsed, setCollapsed] = useState(false)
  const [open, setOpen] = useState(false)
  return (
    <SidebarContext.Provider value={{ collapsed, toggle: () => setCollapsed(!collapsed), open, setOpen }}>
      <Tooltip.Provider delayDuration={100}>{children}</Tooltip.Provider>
    </SidebarContext.Provider>
  )
}

export function Sidebar({ children }: { children: React.ReactNode }) {
  const { collapsed, open, setOpen } = useContext(SidebarContext)
  return (
    <>
      <aside data-state={collapsed ? 'collapsed' : 'expanded'} className="hidden md:flex">
        {children}
      </aside>
      <Dialog.Root open={open} onOpenChange={setOpen}>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0" />
          <Dialog.Content className="fixed inset-y-0 start-0">
            <Dialog.Title className="sr-only">Sidebar</Dialog.Title>
            {children}
            <Dialog.Close aria-label="Close">×</Dialog.Close>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </>
  )
}

export function SidebarItem({ label, className, ...props }: ComponentProps<'a'> & { label: string }) {
  const { collapsed } = useContext(SidebarContext)
  return (
    <li>
      <Tooltip.Root open={collapsed ? undefined : false}>
        <Tooltip.Trigger asChild>
          <a className={cn('flex h-9 items-center px-2.5', className)} {...props}>
            {label}
          </a>
        </Tooltip.Trigger>
        <Tooltip.Portal>
          <Tooltip.Content side="right">{label}</Tooltip.Content>
        </Tooltip.Portal>
      </Tooltip.Root>
    </li>
  )
}

export function Header({ children }: { children: React.ReactNode }) {
  const { toggle } = useContext(SidebarContext)
  return (
    <header className="sticky top-0 flex h-[74px] items-center">
      <button
        type="button"
        aria-label="Toggle sidebar"
        className={button({ variant: 'ghost', size: 'icon' })}
        onClick={toggle}
      />
      {children}
    </header>
  )
}

export function NotificationBell({
  count,
  asChild,
  ...props
}: ComponentProps<'a'> & { count: number; asChild?: boolean }) {
  const Comp = asChild ? Slot.Root : 'a'
  return (
    <Tooltip.Root>
      <Tooltip.Trigger asChild>
        <Comp
          aria-label={`Notifications, ${count} unread`}
          className={button({ variant: 'ghost', size: 'icon' })}
          {...props}
        />
      </Tooltip.Trigger>
      <Tooltip.Portal>
        <Tooltip.Content side="bottom">
          Notifications
          <Tooltip.Arrow />
        </Tooltip.Content>
      </Tooltip.Portal>
    </Tooltip.Root>
  )
}

export function AvatarMenu({
  name,
  image,
  children,
}: {
  name: string
  image?: string
  children: React.ReactNode
}) {
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger aria-label={`Account menu, ${name}`}>
        <Avatar.Root>
          {image && <Avatar.Image src={image} alt="" />}
          <Avatar.Fallback>{name.slice(0, 2)}</Avatar.Fallback>
        </Avatar.Root>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end">
          <DropdownMenu.Label>{name}</DropdownMenu.Label>
          <DropdownMenu.Separator />
          {children}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  )
}
export const AvatarMenuItem = DropdownMenu.Item

export function Toaster() {
  return <Sonner position="top-center" duration={2000} visibleToasts={3} offset={10} />
}
export { toast }
