import { Children, isValidElement, type ReactElement, type ReactNode } from 'react'

/**
 * The `<Item key=…>` children of a compound component (Tabs.Tab, Dropdown.Item), in order, arrays flattened: each
 * one's key and props. Other children and items without a key are left out.
 */
export function keyedChildren<P>(children: ReactNode, type: (props: P) => null): { key: string; props: P }[] {
  const items: { key: string; props: P }[] = []
  Children.forEach(children, (child) => {
    if (isValidElement(child) && child.type === type && child.key !== null)
      items.push({ key: child.key, props: (child as ReactElement<P>).props })
  })
  return items
}
