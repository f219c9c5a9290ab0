import type { TableBlock as Props } from '../../types/generated/page'
import { useBlockRuntime, type BlockProps } from '../runtime'

export default function TableBlock({ block }: BlockProps<Props>) {
  const { text } = useBlockRuntime()
  return (
    <div className="blk-table">
      {block.title && <h3 className="blk-section-title">{text(block.title)}</h3>}
      <div className="blk-table-scroll">
        <table>
          <thead>
            <tr>
              {block.columns.map((c) => (
                <th key={c.key} style={{ textAlign: c.align ?? 'left' }}>
                  {text(c.title)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {block.rows.map((row, r) => (
              <tr key={r}>
                {block.columns.map((c) => (
                  <td key={c.key} style={{ textAlign: c.align ?? 'left' }}>
                    {row[c.key] === undefined ? '—' : text(String(row[c.key]))}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {block.note && <p className="blk-note">{text(block.note)}</p>}
    </div>
  )
}
