import type { ReactNode } from 'react'

/** The document title (React hoists `<title>` into `<head>`) and the screen's one <h1>. */
export function PageTitle({
  title,
  children,
  actions,
}: {
  title: string
  children?: ReactNode
  actions?: ReactNode
}) {
  return (
    <div className="mb-6 flex flex-wrap items-end justify-between gap-3">
      <title>{`${title} · Templet`}</title>
      <div className="min-w-0">
        <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
        {children ? <p className="mt-1 max-w-2xl text-muted-foreground">{children}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
    </div>
  )
}
