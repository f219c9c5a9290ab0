// The views and visitors line chart: Apache ECharts, only its line chart, grid, tooltip, legend and SVG renderer
// (echarts/core: the rest of the library stays out of the chunk). Loaded lazily by the dashboard, so no other
// studio screen pays for it. SVG: crisp at any zoom, and a few thousand points (92 days by the hour) draw at once.
import { LineChart, type LineSeriesOption } from 'echarts/charts'
import {
  GridComponent,
  LegendComponent,
  TooltipComponent,
  type GridComponentOption,
  type LegendComponentOption,
  type TooltipComponentOption,
} from 'echarts/components'
import { init, use as registerParts, type ComposeOption, type EChartsType } from 'echarts/core'
import { SVGRenderer } from 'echarts/renderers'
import { useEffect, useRef } from 'react'
import type { DashboardPoint, Granularity } from '../api/analytics'

registerParts([LineChart, GridComponent, LegendComponent, TooltipComponent, SVGRenderer])

type Option = ComposeOption<
  LineSeriesOption | GridComponentOption | LegendComponentOption | TooltipComponentOption
>

const COLORS = ['#1677ff', '#52c41a']

/** The chart's option for a series (exported for its test). */
export function trendOption(points: readonly DashboardPoint[], granularity: Granularity): Option {
  const hourly = granularity === 'hour'
  return {
    color: COLORS,
    animation: false,
    grid: { left: 48, right: 24, top: 40, bottom: 32 },
    legend: { top: 0, data: ['浏览量', '独立访客'] },
    tooltip: { trigger: 'axis' },
    xAxis: {
      type: 'category',
      boundaryGap: false,
      data: points.map((p) => p.at.slice(5)),
      axisLabel: { hideOverlap: true },
    },
    yAxis: { type: 'value', minInterval: 1 },
    series: [
      {
        name: '浏览量',
        type: 'line',
        showSymbol: !hourly && points.length <= 45,
        data: points.map((p) => p.views),
      },
      {
        name: '独立访客',
        type: 'line',
        showSymbol: !hourly && points.length <= 45,
        data: points.map((p) => p.visitors),
      },
    ],
  }
}

export function TrendChart({
  points,
  granularity,
}: {
  points: readonly DashboardPoint[]
  granularity: Granularity
}) {
  const box = useRef<HTMLDivElement | null>(null)
  const chart = useRef<EChartsType | null>(null)

  useEffect(() => {
    const el = box.current
    if (!el) return
    const instance = init(el, undefined, { renderer: 'svg', locale: 'ZH' })
    chart.current = instance
    const observer = new ResizeObserver(() => instance.resize())
    observer.observe(el)
    return () => {
      observer.disconnect()
      instance.dispose()
      chart.current = null
    }
  }, [])

  useEffect(() => {
    chart.current?.setOption(trendOption(points, granularity), { notMerge: true })
  }, [points, granularity])

  return (
    <div
      ref={box}
      role="img"
      aria-label={`浏览量与独立访客趋势（${granularity === 'hour' ? '按小时' : '按天'}）`}
      data-testid="trend-chart"
      style={{ width: '100%', height: 300 }}
    />
  )
}
