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
      {weeks(lead, days).map((week, w) => (
        <div key={w} className="sign-in-calendar-days" role="row">
          {week.map((day, i) => {
            if (!day) return <span key={`blank-${i}`} role="gridcell" />
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
      ))}
    </div>
  )
}

/** The month's days in rows of seven (a grid's rows), the first row led by `lead` blanks. */
function weeks(lead: number, days: readonly string[]): (string | null)[][] {
  const cells = [...Array.from({ length: lead }, () => null), ...days]
  return Array.from({ length: Math.ceil(cells.length / 7) }, (_, i) => cells.slice(i * 7, i * 7 + 7))
}
