// A small SVG line chart: no chart library in the consumer bundle for a handful of points.
import { useLayoutEffect, useRef, useState } from 'react'
import { categoryTicks, textWidth, valueAxis } from './chartScale'

export interface Series {
  name: string
  color: string
  values: readonly number[]
  dashed?: boolean
}

/** Width drawn before the figure is measured (and where it cannot be, e.g. in tests). */
const DEFAULT_WIDTH = 320
const FONT_SIZE = 12
/** Points get a dot when there are few of them. */
const MAX_DOTTED_POINTS = 16

/** The figure's width in px, followed as it changes (rotation, resizing). */
function useWidth() {
  const ref = useRef<HTMLElement>(null)
  const [width, setWidth] = useState(DEFAULT_WIDTH)
  useLayoutEffect(() => {
    const element = ref.current
    if (!element) return
    const measure = () => {
      const measured = Math.floor(element.clientWidth)
      if (measured > 0) setWidth(measured)
    }
    measure()
    if (typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(measure)
    observer.observe(element)
    return () => observer.disconnect()
  }, [])
  return { ref, width }
}

/**
 * Lines over categories (ages, months). The value axis fits the data with padding (round ticks on the left);
 * the category labels along the bottom are thinned to what fits the width, all inside the drawing.
 */
export function LineChart({
  labels,
  series,
  height = 180,
  format,
}: {
  labels: readonly string[]
  series: readonly Series[]
  height?: number
  format: (v: number) => string
}) {
  const { ref, width } = useWidth()
  const all = series.flatMap((s) => s.values)
  const drawable = all.length > 0 && labels.length >= 2
  const axis = drawable ? valueAxis(all) : null
  const tickLabels = axis ? axis.ticks.map(format) : []
  const pad = {
    l: Math.ceil(Math.max(0, ...tickLabels.map((l) => textWidth(l, FONT_SIZE)))) + 8,
    r: Math.ceil(textWidth(labels[labels.length - 1] ?? '', FONT_SIZE) / 2) + 2,
    t: 10,
    b: 24,
  }
  const plotWidth = Math.max(1, width - pad.l - pad.r)
  const x = (i: number) => pad.l + (i * plotWidth) / Math.max(1, labels.length - 1)
  const y = (v: number) =>
    axis ? pad.t + (1 - (v - axis.lo) / (axis.hi - axis.lo || 1)) * (height - pad.t - pad.b) : 0
  const xTicks = drawable ? categoryTicks(labels, x, width, FONT_SIZE) : []

  return (
    <figure className="blk-chart" ref={ref}>
      {axis && (
        <svg
          viewBox={`0 0 ${width} ${height}`}
          role="img"
          aria-label={series.map((s) => s.name).join('、')}
          data-testid="line-chart"
        >
          {axis.ticks.map((t, i) => (
            <g key={t}>
              <line x1={pad.l} x2={width - pad.r} y1={y(t)} y2={y(t)} stroke={i === 0 ? '#ddd' : '#f2f2f2'} />
              <text
                className="blk-chart-y"
                x={pad.l - 6}
                y={y(t) + FONT_SIZE * 0.35}
                fontSize={FONT_SIZE}
                textAnchor="end"
                fill="#999"
              >
                {tickLabels[i]}
              </text>
            </g>
          ))}
          {series.map((s) => (
            <g key={s.name}>
              <polyline
                fill="none"
                stroke={s.color}
                strokeWidth={2}
                strokeLinejoin="round"
                strokeDasharray={s.dashed ? '4 3' : undefined}
                points={s.values.map((v, i) => `${x(i)},${y(v)}`).join(' ')}
              />
              {labels.length <= MAX_DOTTED_POINTS &&
                s.values.map((v, i) => <circle key={i} cx={x(i)} cy={y(v)} r={2.5} fill={s.color} />)}
            </g>
          ))}
          {xTicks.map((t) => (
            <text
              key={t.index}
              className="blk-chart-x"
              x={t.x}
              y={height - 7}
              fontSize={FONT_SIZE}
              textAnchor="middle"
              fill="#999"
            >
              {labels[t.index]}
            </text>
          ))}
        </svg>
      )}
      {axis && (
        <figcaption className="blk-chart-legend">
          {series.map((s) => (
            <span key={s.name}>
              <i style={{ background: s.color }} />
              {s.name}
            </span>
          ))}
        </figcaption>
      )}
    </figure>
  )
}
