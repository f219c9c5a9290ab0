import { monthDays } from '../../domain/signIn'

const WEEKDAYS = ['日', '一', '二', '三', '四', '五', '六']

/** A month as a week grid (Sunday first): signed days ticked, today ringed. */
export function SignInCalendar({
  month,
  signedDays,
  today,
}: {
  month: string
  signedDays: readonly string[]
  today: string
}) {
  const days = monthDays(month)
  const signed = new Set(signedDays)
  // The weekday of the 1st (Date.UTC: no local time zone involved).
  const [year, mon] = month.split('-').map(Number)
  const lead = new Date(Date.UTC(year, mon - 1, 1)).getUTCDay()
  return (
    <div className="sign-in-calendar" role="grid" aria-label={`${year}年${mon}月签到日历`}>
      <div className="sign-in-calendar-row" role="row">
        {WEEKDAYS.map((w) => (
          <span key={w} className="sign-in-weekday" role="columnheader">
            {w}
          </span>
        ))}
      </div>
      <div className="sign-in-calendar-days">
        {Array.from({ length: lead }, (_, i) => (
          <span key={`lead-${i}`} aria-hidden />
        ))}
        {days.map((day) => {
          const done = signed.has(day)
          const classes = ['sign-in-day', done && 'signed', day === today && 'today']
            .filter(Boolean)
            .join(' ')
          return (
            <span
              key={day}
              className={classes}
              role="gridcell"
              aria-label={`${Number(day.slice(8))}日${done ? '，已签到' : ''}${day === today ? '，今天' : ''}`}
            >
              {done ? '✓' : Number(day.slice(8))}
            </span>
          )
        })}
      </div>
    </div>
  )
}
