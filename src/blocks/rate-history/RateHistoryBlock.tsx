import type { RateHistoryBlock as Props } from '../../types/generated/page'
import { useBlockRuntime, type BlockProps } from '../runtime'
import { LineChart } from '../shared/LineChart'

const percent = (rate: number) => `${(rate * 100).toFixed(2)}%`

export default function RateHistoryBlock({ block }: BlockProps<Props>) {
  const { text } = useBlockRuntime()
  const recentFirst = [...block.history].reverse()
  return (
    <div className="blk-rates">
      {block.title && <h3 className="blk-section-title">{text(block.title)}</h3>}
      <div className="blk-rates-current">
        <span>{text(block.current.label)}</span>
        <strong>{percent(block.current.rate)}</strong>
      </div>
      <LineChart
        labels={block.history.map((h) => h.period.slice(2))}
        series={[
          { name: '结算利率', color: 'var(--adm-color-primary)', values: block.history.map((h) => h.rate) },
        ]}
        format={percent}
      />
      <table className="blk-rates-table">
        <thead>
          <tr>
            <th>月份</th>
            <th>年化结算利率</th>
          </tr>
        </thead>
        <tbody>
          {recentFirst.map((h) => (
            <tr key={h.period}>
              <td>{h.period.replace('-', '年')}月</td>
              <td>{percent(h.rate)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {block.note && <p className="blk-note">{text(block.note)}</p>}
    </div>
  )
}
