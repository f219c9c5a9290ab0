import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react'
import { keyedChildren } from '../keyedChildren'
import './Tabs.css'

// Tabs without an animation library: antd-mobile's Tabs brings react-spring and a gesture library (about 28 KiB
// gzip) for its sliding underline, to every list screen and config page with tabs. The same API for what the app
// uses (activeKey / defaultActiveKey / onChange, Tabs.Tab with title and content), the same class names (so its
// look and the selectors on them stay), and the WAI-ARIA tabs pattern: arrow keys, Home and End, one tab in the
// tab order. As in antd-mobile, a panel renders when first shown and stays (hidden) after; `forceRender` renders
// it from the start (the server's HTML then holds it).

export interface TabProps {
  title: ReactNode
  /** The tab's panel; a tab without one is a filter (the screen shows what it selects). */
  children?: ReactNode
  /** Rendered before it is first shown. */
  forceRender?: boolean
}

/** One tab: its React key is the tab's key. */
function Tab(_: TabProps): null {
  return null
}

export interface TabsProps {
  activeKey?: string
  defaultActiveKey?: string
  onChange?: (key: string) => void
  /** Tabs share the width (default); off, they keep their own and the row scrolls. */
  stretch?: boolean
  className?: string
  'aria-label'?: string
  children?: ReactNode
}

const STEP: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (i, n) => (i + 1) % n,
  ArrowLeft: (i, n) => (i - 1 + n) % n,
  Home: () => 0,
  End: (_, n) => n - 1,
}

function TabsRoot({
  prefix = 'adm-tabs',
  activeKey,
  defaultActiveKey,
  onChange,
  stretch = true,
  className,
  'aria-label': label,
  children,
}: TabsProps & { prefix?: 'adm-tabs' | 'adm-capsule-tabs' }) {
  const tabs = keyedChildren(children, Tab)
  const [own, setOwn] = useState(defaultActiveKey)
  const active = activeKey ?? own ?? tabs[0]?.key
  const [shown, setShown] = useState<ReadonlySet<string>>(() => new Set())
  if (active !== undefined && !shown.has(active)) setShown(new Set(shown).add(active))
  const id = useId()
  const tabId = (key: string) => `${id}-tab-${key}`
  const panelId = (key: string) => `${id}-panel-${key}`
  const list = useRef<HTMLDivElement>(null)

  // The active tab scrolls into the middle of a row wider than the screen (categories, days).
  useEffect(() => {
    const row = list.current
    const tab = row?.querySelector<HTMLElement>(`.${prefix}-tab-active`)?.parentElement
    if (!row || !tab || row.scrollWidth <= row.clientWidth) return
    row.scrollTo({ left: tab.offsetLeft - (row.clientWidth - tab.offsetWidth) / 2, behavior: 'smooth' })
  }, [active, prefix])

  const select = (key: string) => {
    if (key === active) return
    setOwn(key)
    onChange?.(key)
  }
  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const step = STEP[event.key]
    if (!step || !tabs.length) return
    event.preventDefault()
    const index = Math.max(
      tabs.findIndex((t) => t.key === active),
      0,
    )
    const next = tabs[step(index, tabs.length)]
    select(next.key)
    document.getElementById(tabId(next.key))?.focus()
  }

  return (
    <div className={className ? `${prefix} ${className}` : prefix}>
      <div className={`${prefix}-header`}>
        <div
          className={`${prefix}-tab-list`}
          role="tablist"
          aria-label={label}
          ref={list}
          onKeyDown={onKeyDown}
        >
          {tabs.map(({ key, props }) => (
            <div
              key={key}
              className={
                stretch ? `${prefix}-tab-wrapper ${prefix}-tab-wrapper-stretch` : `${prefix}-tab-wrapper`
              }
            >
              <div
                role="tab"
                id={tabId(key)}
                aria-selected={key === active}
                aria-controls={props.children === undefined ? undefined : panelId(key)}
                tabIndex={key === active ? 0 : -1}
                className={key === active ? `${prefix}-tab ${prefix}-tab-active` : `${prefix}-tab`}
                onClick={() => select(key)}
              >
                {props.title}
              </div>
            </div>
          ))}
        </div>
      </div>
      {tabs.map(({ key, props }) =>
        props.children === undefined || !(props.forceRender || shown.has(key) || key === active) ? null : (
          <div
            key={key}
            role="tabpanel"
            id={panelId(key)}
            aria-labelledby={tabId(key)}
            hidden={key !== active}
            className={`${prefix}-content`}
          >
            {props.children}
          </div>
        ),
      )}
    </div>
  )
}

export const Tabs = Object.assign((props: TabsProps) => <TabsRoot {...props} />, { Tab })

/** The same tabs drawn as capsules (antd-mobile's CapsuleTabs look): a sort or board switch above a list. */
export const CapsuleTabs = Object.assign(
  (props: TabsProps) => <TabsRoot {...props} prefix="adm-capsule-tabs" />,
  {
    Tab,
  },
)
