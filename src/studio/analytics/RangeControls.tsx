// The dashboards' range of Beijing days (at most 92, none after today) and, on a page's dashboard, 按天 / 按小时.
import { DatePicker, Segmented, Space, Typography } from 'antd'
import dayjs, { type Dayjs } from 'dayjs'
import { MAX_RANGE_DAYS } from '../../domain/dashboard'
import type { DayRange, Granularity } from '../api/analytics'
import { lastDays, todayInBeijing } from './range'

const DAY = 'YYYY-MM-DD'
const asDay = (day: string) => dayjs(day)

const presets = () =>
  [
    ['今天', 1],
    ['最近 7 天', 7],
    ['最近 30 天', 30],
    ['最近 90 天', 90],
  ].map(([label, days]) => {
    const range = lastDays(days as number)
    return { label: label as string, value: [asDay(range.from), asDay(range.to)] as [Dayjs, Dayjs] }
  })

export function RangeControls({
  range,
  onRange,
  granularity,
  onGranularity,
}: {
  range: DayRange
  onRange(range: DayRange): void
  granularity?: Granularity
  onGranularity?(granularity: Granularity): void
}) {
  const today = asDay(todayInBeijing())
  return (
    <Space wrap size="middle">
      <Space size={6}>
        <Typography.Text type="secondary">时间（北京时间）</Typography.Text>
        <DatePicker.RangePicker
          aria-label="时间范围"
          allowClear={false}
          value={[asDay(range.from), asDay(range.to)]}
          presets={presets()}
          disabledDate={(current, info) => {
            if (current.isAfter(today, 'day')) return true
            const from = info.from
            return from ? Math.abs(current.diff(from, 'day')) >= MAX_RANGE_DAYS : false
          }}
          onChange={(values) => {
            const [from, to] = values ?? []
            if (from && to) onRange({ from: from.format(DAY), to: to.format(DAY) })
          }}
        />
      </Space>
      {granularity && onGranularity && (
        <Segmented<Granularity>
          aria-label="时间粒度"
          value={granularity}
          options={[
            { value: 'day', label: '按天' },
            { value: 'hour', label: '按小时' },
          ]}
          onChange={onGranularity}
        />
      )}
    </Space>
  )
}
