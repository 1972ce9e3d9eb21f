import { Search } from 'lucide-react'
import { useEffect, useId, useState } from 'react'
import { useSearchParams } from 'react-router'

/** The `?q=` search of a list: typed freely, written to the URL (replacing, page reset) after a pause. */
export function useSearchQuery(): [string, (q: string) => void] {
  const [params, setParams] = useSearchParams()
  const q = params.get('q') ?? ''
  const set = (next: string) =>
    setParams(
      (current) => {
        const out = new URLSearchParams(current)
        if (next.trim()) out.set('q', next.trim())
        else out.delete('q')
        out.delete('page')
        return out
      },
      { replace: true },
    )
  return [q, set]
}

export function SearchBox({
  label,
  value,
  onChange,
}: {
  label: string
  value: string
  onChange: (q: string) => void
}) {
  const id = useId()
  const [text, setText] = useState(value)
  useEffect(() => setText(value), [value])
  useEffect(() => {
    if (text.trim() === value) return
    const timer = setTimeout(() => onChange(text), 250)
    return () => clearTimeout(timer)
  }, [text, value, onChange])
  return (
    <div className="relative w-full sm:w-72">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
      />
      <input
        id={id}
        type="search"
        value={text}
        placeholder={label}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') onChange(text)
        }}
        className="block h-10 w-full rounded-md border border-input bg-background ps-9 pe-3 text-base focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring"
      />
    </div>
  )
}
