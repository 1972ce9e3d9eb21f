// A product that is not Templet: its own link component, its own labels, no Tailwind, only the shipped CSS.
import '@templet/ui/styles.css'
import {
  AppShell,
  AvatarMenu,
  AvatarMenuItem,
  Header,
  HeaderTitle,
  Sidebar,
  SidebarContent,
  SidebarItem,
  SidebarNav,
  Toaster,
} from '@templet/ui'
// A piece through its own subpath: the same component and the same toast queue as the root export.
import { NotificationBell } from '@templet/ui/notification-bell'
import { toast } from '@templet/ui/toast'
import { forwardRef, useState } from 'react'
import { createRoot } from 'react-dom/client'

const Link = forwardRef(function Link({ to, onNavigate, onClick, ...props }, ref) {
  return (
    <a
      ref={ref}
      href={to}
      {...props}
      onClick={(event) => {
        onClick?.(event)
        event.preventDefault()
        onNavigate(to)
      }}
    />
  )
})

const items = [
  { to: '/inbox', label: 'Inbox' },
  { to: '/outbox', label: 'Outbox' },
]

function App() {
  const [path, setPath] = useState('/inbox')
  return (
    <AppShell
      sidebar={
        <Sidebar>
          <SidebarContent>
            <SidebarNav>
              {items.map((item) => (
                <SidebarItem key={item.to} asChild active={path === item.to}>
                  <Link to={item.to} onNavigate={setPath}>
                    {item.label}
                  </Link>
                </SidebarItem>
              ))}
            </SidebarNav>
          </SidebarContent>
        </Sidebar>
      }
      header={
        <Header
          actions={
            <>
              <NotificationBell asChild count={250}>
                <Link to="/alerts" onNavigate={setPath} />
              </NotificationBell>
              <AvatarMenu name="Grace Hopper" email="grace@example.org">
                <AvatarMenuItem onSelect={() => setPath('/inbox')}>Inbox</AvatarMenuItem>
              </AvatarMenu>
            </>
          }
        >
          <HeaderTitle>{path}</HeaderTitle>
        </Header>
      }
    >
      <p style={{ padding: 24 }}>Page {path}</p>
      <button type="button" onClick={() => toast.success(`Saved ${path}`)}>
        Save
      </button>
      <Toaster />
    </AppShell>
  )
}

createRoot(document.getElementById('root')).render(<App />)
