import { useLayoutEffect, useRef, type KeyboardEvent } from 'react'
import { Selector, type SelectorProps } from 'antd-mobile'

// antd-mobile's Selector (a row of choice chips) with the keyboard it lacks: its options are divs with role
// "option" and a click handler, out of the tab order. Here the group is one tab stop (the chosen option, else the
// first), the arrow keys move between options and Enter or Space chooses, as in a radio group.

const ITEM = '.adm-selector-item'
const MOVE: Record<string, number> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }

export function Choices<V extends string | number>(props: SelectorProps<V>) {
  const box = useRef<HTMLDivElement>(null)
  // After every render: the options are drawn anew with the choice.
  useLayoutEffect(() => {
    const items = Array.from(box.current?.querySelectorAll<HTMLElement>(ITEM) ?? [])
    const current = items.find((i) => i.matches('.adm-selector-item-active')) ?? items[0]
    for (const item of items) item.tabIndex = item === current ? 0 : -1
  })

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const target = event.target as HTMLElement
    if (!target.matches(ITEM)) return
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault()
      target.click()
      return
    }
    const step = MOVE[event.key]
    if (!step) return
    event.preventDefault()
    const items = Array.from(box.current?.querySelectorAll<HTMLElement>(ITEM) ?? [])
    const next = items[(items.indexOf(target) + step + items.length) % items.length]
    next?.focus()
  }

  return (
    // The wrapper draws nothing (display: contents): the Selector lays out as before.
    <div ref={box} style={{ display: 'contents' }} onKeyDown={onKeyDown}>
      <Selector {...props} />
    </div>
  )
}
