import type { AnchorHTMLAttributes, MouseEvent } from 'react'

type TapLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href' | 'onClick'> & {
  href: string
  /** Goes there inside the app (the router's or a config page's navigate) on a plain tap. */
  onNavigate: () => void
}

/**
 * A card, tile or banner that opens a page: a real link (a screen reader announces it, a keyboard reaches it, a
 * long press offers to open it) that a plain tap follows inside the app instead of loading the page afresh.
 * For a screen's own links with the router at hand, AppLink does the same.
 */
export function TapLink({ href, onNavigate, ...rest }: TapLinkProps) {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
    event.preventDefault()
    onNavigate()
  }
  return <a href={href} onClick={onClick} {...rest} />
}
