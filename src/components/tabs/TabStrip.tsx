import { useId, useState, type KeyboardEvent, type ReactNode } from 'react'
import './TabStrip.css'

// Tabs without an animation library (antd-mobile's Tabs brings react-spring and a gesture library, about 23 KiB
// gzip, for its sliding underline): the WAI-ARIA tabs pattern, every panel rendered (the server's HTML holds them
// all) and the inactive ones hidden.

export interface Tab {
  key: string
  title: string
  content: ReactNode
}

const STEP: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (i, n) => (i + 1) % n,
  ArrowLeft: (i, n) => (i - 1 + n) % n,
  Home: () => 0,
  End: (_, n) => n - 1,
}

export function TabStrip({ tabs, label }: { tabs: Tab[]; label: string }) {
  const [active, setActive] = useState(tabs[0]?.key)
  const id = useId()
  const tabId = (key: string) => `${id}-tab-${key}`
  const panelId = (key: string) => `${id}-panel-${key}`

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const step = STEP[event.key]
    if (!step) return
    event.preventDefault()
    const next =
      tabs[
        step(
          Math.max(
            tabs.findIndex((t) => t.key === active),
            0,
          ),
          tabs.length,
        )
      ]
    setActive(next.key)
    document.getElementById(tabId(next.key))?.focus()
  }

  return (
    <div className="tab-strip">
      <div className="tab-strip-header" role="tablist" aria-label={label} onKeyDown={onKeyDown}>
        {tabs.map((tab) => (
          <button
            key={tab.key}
            type="button"
            role="tab"
            id={tabId(tab.key)}
            aria-selected={tab.key === active}
            aria-controls={panelId(tab.key)}
            tabIndex={tab.key === active ? 0 : -1}
            className="tab-strip-tab"
            onClick={() => setActive(tab.key)}
          >
            {tab.title}
          </button>
        ))}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.key}
          role="tabpanel"
          id={panelId(tab.key)}
          aria-labelledby={tabId(tab.key)}
          hidden={tab.key !== active}
          className="tab-strip-panel"
        >
          {tab.content}
        </div>
      ))}
    </div>
  )
}
