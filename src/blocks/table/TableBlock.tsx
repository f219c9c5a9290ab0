import type { TableBlock as Props } from '../../types/generated/page'
import { useBlockRuntime, type BlockProps } from '../runtime'

export default function TableBlock({ block }: BlockProps<Props>) {
  const { text } = useBlockRuntime()
  const title = block.title && text(block.title)
  return (
    <div className="blk-table">
      {title && <h3 className="blk-section-title">{title}</h3>}
      {/* Focusable, so a keyboard can scroll a table wider than the screen. */}
      <div className="blk-table-scroll" role="region" aria-label={title || '表格'} tabIndex={0}>
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
