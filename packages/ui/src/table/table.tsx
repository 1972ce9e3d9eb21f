import { useLayoutEffect } from 'radix-ui/internal'
import {
  type ComponentPropsWithoutRef,
  createContext,
  forwardRef,
  type RefObject,
  useContext,
  useId,
  useRef,
  useState,
} from 'react'

/** Lets a `TableCaption` tell its table its id, so the scroll region can be named by it. */
const CaptionContext = createContext<((id: string | undefined) => void) | null>(null)

/** Whether the element is narrower than its content, so that it scrolls sideways; followed on resize. */
function useScrollsSideways(ref: RefObject<HTMLElement | null>): boolean {
  const [scrolls, setScrolls] = useState(false)
  useLayoutEffect(() => {
    const element = ref.current
    if (!element) return
    const measure = () => setScrolls(element.scrollWidth > element.clientWidth)
    measure()
    const observer = new ResizeObserver(measure)
    observer.observe(element)
    if (element.firstElementChild) observer.observe(element.firstElementChild)
    return () => observer.disconnect()
  }, [ref])
  return scrolls
}

export interface TableProps extends ComponentPropsWithoutRef<'table'> {}

/**
 * A data table: `<table>` in a container that scrolls sideways when the columns do not fit. While it
 * scrolls, the container is a named, focusable region (named by the `TableCaption`, else by the table's
 * `aria-label`), so a keyboard user can scroll it with the arrow keys. Compose it from `TableHeader`,
 * `TableBody`, `TableFooter`, `TableRow`, `TableHead`, `TableCell` and `TableCaption`; props go to the
 * `<table>`.
 */
export const Table = forwardRef<HTMLTableElement, TableProps>(function Table(props, ref) {
  const container = useRef<HTMLDivElement>(null)
  const scrolls = useScrollsSideways(container)
  const [captionId, setCaptionId] = useState<string>()
  const name = captionId
    ? { 'aria-labelledby': captionId }
    : props['aria-label']
      ? { 'aria-label': props['aria-label'] }
      : props['aria-labelledby']
        ? { 'aria-labelledby': props['aria-labelledby'] }
        : undefined
  return (
    <CaptionContext.Provider value={setCaptionId}>
      <div
        ref={container}
        data-slot="table-container"
        {...(scrolls && { tabIndex: 0, ...(name && { role: 'region', ...name }) })}
      >
        <table ref={ref} data-slot="table" {...props} />
      </div>
    </CaptionContext.Provider>
  )
})

export const TableHeader = forwardRef<HTMLTableSectionElement, ComponentPropsWithoutRef<'thead'>>(
  function TableHeader(props, ref) {
    return <thead ref={ref} data-slot="table-header" {...props} />
  },
)

export const TableBody = forwardRef<HTMLTableSectionElement, ComponentPropsWithoutRef<'tbody'>>(
  function TableBody(props, ref) {
    return <tbody ref={ref} data-slot="table-body" {...props} />
  },
)

/** Totals or a summary below the body. */
export const TableFooter = forwardRef<HTMLTableSectionElement, ComponentPropsWithoutRef<'tfoot'>>(
  function TableFooter(props, ref) {
    return <tfoot ref={ref} data-slot="table-footer" {...props} />
  },
)

/** A row; `data-state="selected"` marks a selected one. */
export const TableRow = forwardRef<HTMLTableRowElement, ComponentPropsWithoutRef<'tr'>>(
  function TableRow(props, ref) {
    return <tr ref={ref} data-slot="table-row" {...props} />
  },
)

/** A header cell (`<th>`): a column's name in `TableHeader`; pass `scope="row"` for a row's name. */
export const TableHead = forwardRef<HTMLTableCellElement, ComponentPropsWithoutRef<'th'>>(
  function TableHead(props, ref) {
    return <th ref={ref} data-slot="table-head" {...props} />
  },
)

export const TableCell = forwardRef<HTMLTableCellElement, ComponentPropsWithoutRef<'td'>>(
  function TableCell(props, ref) {
    return <td ref={ref} data-slot="table-cell" {...props} />
  },
)

/** What the table shows, below it; it also names the table, and its scroll region while it scrolls. */
export const TableCaption = forwardRef<HTMLTableCaptionElement, ComponentPropsWithoutRef<'caption'>>(
  function TableCaption({ id, ...props }, ref) {
    const setCaptionId = useContext(CaptionContext)
    const ownId = useId()
    const captionId = id ?? ownId
    useLayoutEffect(() => {
      if (!setCaptionId) return
      setCaptionId(captionId)
      return () => setCaptionId(undefined)
    }, [captionId, setCaptionId])
    return <caption ref={ref} data-slot="table-caption" id={captionId} {...props} />
  },
)
