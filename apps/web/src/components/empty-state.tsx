import type { ReactNode } from 'react'

/** An honest empty screen: what will be here, and where to go meanwhile. */
export function EmptyState({
  icon,
  title,
  children,
  action,
}: {
  icon: ReactNode
  title: string
  children: ReactNode
  action?: ReactNode
}) {
  return (
    <section className="flex flex-col items-center rounded-xl border border-dashed border-border px-6 py-12 text-center">
      <div
        aria-hidden="true"
        className="mb-4 grid size-12 place-items-center rounded-full bg-muted text-muted-foreground"
      >
        {icon}
      </div>
      <h2 className="text-lg font-semibold">{title}</h2>
      <p className="mt-2 max-w-md text-muted-foreground">{children}</p>
      {action ? <div className="mt-6">{action}</div> : null}
    </section>
  )
}
