import { cloneElement, isValidElement, type ReactNode } from 'react'

/**
 * For `asChild` parts that add their own content (an icon, a truncated label, a badge): the app's element,
 * say `<Link to="/inbox">Inbox</Link>`, with `render(its children)` in place of its children. Radix `Slot`
 * then merges the part's props onto it.
 */
export function withSlotContent(child: ReactNode, render: (children: ReactNode) => ReactNode): ReactNode {
  if (!isValidElement<{ children?: ReactNode }>(child)) return render(child)
  return cloneElement(child, undefined, render(child.props.children))
}
