import { useEffect, useId, useImperativeHandle, useRef, useState, type ReactNode, type Ref } from 'react'
import { keyedChildren } from '../keyedChildren'
import './Dropdown.css'

// A filter row whose items each open a panel under it: antd-mobile's Dropdown without its popup, which brings
// react-spring and a gesture library (about 30 KiB gzip) to the catalog screen. The same API for what the app
// uses (Dropdown.Item with key, title, highlight and the panel; ref.close()) and antd-mobile's class names and
// look. One panel at a time; the item again, the shade over the page or Escape closes it.

export interface DropdownRef {
  close: () => void
}

export interface DropdownItemProps {
  title: ReactNode
  /** The title in the primary colour: a filter is set. */
  highlight?: boolean
  children?: ReactNode
}

/** One item: its React key names it. */
function Item(_: DropdownItemProps): null {
  return null
}

function DropdownRoot({
  className,
  children,
  ref,
}: {
  className?: string
  children?: ReactNode
  ref?: Ref<DropdownRef>
}) {
  const items = keyedChildren(children, Item)
  const [open, setOpen] = useState<{ key: string; top: number } | null>(null)
  const nav = useRef<HTMLDivElement>(null)
  const id = useId()
  useImperativeHandle(ref, () => ({ close: () => setOpen(null) }), [])

  useEffect(() => {
    if (!open) return
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(null)
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [open])

  const toggle = (key: string) =>
    setOpen((current) =>
      current?.key === key ? null : { key, top: nav.current?.getBoundingClientRect().bottom ?? 0 },
    )
  const shown = open && items.find((item) => item.key === open.key)

  return (
    <div className={['adm-dropdown', open ? 'adm-dropdown-open' : '', className].filter(Boolean).join(' ')}>
      <div className="adm-dropdown-nav" ref={nav}>
        {items.map(({ key, props }) => (
          <button
            key={key}
            type="button"
            className={[
              'adm-dropdown-item',
              open?.key === key ? 'adm-dropdown-item-active' : '',
              props.highlight ? 'adm-dropdown-item-highlight' : '',
            ]
              .filter(Boolean)
              .join(' ')}
            aria-expanded={open?.key === key}
            aria-controls={open?.key === key ? `${id}-panel` : undefined}
            onClick={() => toggle(key)}
          >
            <span className="adm-dropdown-item-title">
              <span className="adm-dropdown-item-title-text">{props.title}</span>
              <svg
                className="adm-dropdown-item-title-arrow"
                viewBox="0 0 10 6"
                width="9"
                height="6"
                aria-hidden="true"
              >
                <path d="M0 0h10L5 6z" fill="currentColor" />
              </svg>
            </span>
          </button>
        ))}
      </div>
      {shown && (
        <div className="adm-dropdown-popup" style={{ top: open.top }}>
          <div className="adm-dropdown-popup-mask" onClick={() => setOpen(null)} />
          <div className="adm-dropdown-popup-body" id={`${id}-panel`} role="region">
            {shown.props.children}
          </div>
        </div>
      )}
    </div>
  )
}

export const Dropdown = Object.assign(DropdownRoot, { Item })
