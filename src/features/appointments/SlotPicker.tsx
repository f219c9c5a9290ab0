import { useState } from 'react'
import { Tabs } from '../../components/tabs/Tabs'
import type { SlotCalendar } from './api'

const WEEKDAYS = '日一二三四五六'

/** "今天" / "明天" / "周三", and "11/25" under it: the calendar's first day is the server's today. */
function dayTab(day: string, index: number): { title: string; date: string } {
  const [y, m, d] = day.split('-').map(Number)
  const weekday = WEEKDAYS[new Date(Date.UTC(y, m - 1, d)).getUTCDay()]
  return { title: index === 0 ? '今天' : index === 1 ? '明天' : `周${weekday}`, date: `${m}/${d}` }
}

const hhmm = (iso: string) => iso.slice(11, 16)

/** Day tabs and the day's slots: each with the places left, a full one disabled, `current` marked as 当前. */
export function SlotPicker({
  calendar,
  value,
  onChange,
  current,
  disabled,
}: {
  calendar: SlotCalendar
  value: string | null
  onChange: (start: string) => void
  current?: string
  disabled?: boolean
}) {
  const firstOpen = Math.max(
    0,
    calendar.days.findIndex((d) => d.slots.some((s) => s.remaining > 0)),
  )
  const [active, setActive] = useState(String(firstOpen))
  const day = calendar.days[Number(active)] ?? calendar.days[0]

  return (
    <div className="slot-picker" data-testid="slot-picker">
      <Tabs activeKey={active} onChange={setActive} className="slot-days">
        {calendar.days.map((d, i) => {
          const tab = dayTab(d.day, i)
          return (
            <Tabs.Tab
              key={String(i)}
              title={
                <span className="slot-day-tab">
                  <span>{tab.title}</span>
                  <small>{tab.date}</small>
                </span>
              }
            />
          )
        })}
      </Tabs>
      {day && day.slots.length === 0 ? (
        <p className="appointments-muted slot-none">当天可预约时段已结束，请选择其他日期</p>
      ) : (
        <div className="slot-grid" role="group" aria-label="选择时段">
          {day?.slots.map((s) => {
            const full = s.remaining <= 0
            const isCurrent = s.start === current
            const selected = s.start === value
            const status = isCurrent ? '当前' : full ? '已约满' : `余${s.remaining}`
            return (
              <button
                key={s.start}
                type="button"
                className={`slot${selected ? ' slot-selected' : ''}${full ? ' slot-full' : ''}`}
                disabled={disabled || full || isCurrent}
                aria-pressed={selected}
                aria-label={`${hhmm(s.start)}–${hhmm(s.end)} ${status}`}
                onClick={() => onChange(s.start)}
              >
                <span className="slot-time">
                  {hhmm(s.start)}–{hhmm(s.end)}
                </span>
                <span className="slot-left">{isCurrent ? '当前' : full ? '已约满' : `余${s.remaining}`}</span>
              </button>
            )
          })}
        </div>
      )}
    </div>
  )
}
