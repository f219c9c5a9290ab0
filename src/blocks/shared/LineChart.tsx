// A small SVG line chart: no chart library in the consumer bundle for a handful of points.

export interface Series {
  name: string
  color: string
  values: readonly number[]
  dashed?: boolean
}

export function LineChart({
  labels,
  series,
  height = 160,
  format,
}: {
  labels: readonly string[]
  series: readonly Series[]
  height?: number
  format: (v: number) => string
}) {
  const width = 320
  const pad = { l: 8, r: 8, t: 12, b: 22 }
  const all = series.flatMap((s) => s.values)
  if (!all.length || labels.length < 2) return null
  const max = Math.max(...all)
  const min = Math.min(0, ...all)
  const x = (i: number) => pad.l + (i * (width - pad.l - pad.r)) / (labels.length - 1)
  const y = (v: number) => pad.t + (1 - (v - min) / (max - min || 1)) * (height - pad.t - pad.b)
  const tickEvery = Math.ceil(labels.length / 6)
  return (
    <figure className="blk-chart">
      <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-label={series.map((s) => s.name).join('、')}>
        <line x1={pad.l} x2={width - pad.r} y1={y(min)} y2={y(min)} stroke="#ddd" />
        {series.map((s) => (
          <polyline
            key={s.name}
            fill="none"
            stroke={s.color}
            strokeWidth={2}
            strokeDasharray={s.dashed ? '4 3' : undefined}
            points={s.values.map((v, i) => `${x(i)},${y(v)}`).join(' ')}
          />
        ))}
        {labels.map((l, i) =>
          i % tickEvery === 0 || i === labels.length - 1 ? (
            <text key={i} x={x(i)} y={height - 6} fontSize={10} textAnchor="middle" fill="#999">
              {l}
            </text>
          ) : null,
        )}
        <text x={width - pad.r} y={pad.t} fontSize={10} textAnchor="end" fill="#999">
          {format(max)}
        </text>
      </svg>
      <figcaption className="blk-chart-legend">
        {series.map((s) => (
          <span key={s.name}>
            <i style={{ background: s.color }} />
            {s.name}
          </span>
        ))}
      </figcaption>
    </figure>
  )
}
