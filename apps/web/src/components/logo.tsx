/** The Templet mark and name. */
export function Logo({ showName = true }: { showName?: boolean }) {
  return (
    <span className="inline-flex items-center gap-2 font-semibold tracking-tight">
      <svg aria-hidden="true" viewBox="0 0 32 32" className="size-7 shrink-0">
        <rect width="32" height="32" rx="8" fill="var(--ui-primary)" />
        <path d="M9 10h14v3h-5.5v11h-3V13H9z" fill="var(--ui-primary-foreground)" />
      </svg>
      {showName ? <span className="text-lg">Templet</span> : null}
    </span>
  )
}
