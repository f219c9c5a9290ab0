import { useState, type CSSProperties } from 'react'
import { Switch } from 'antd-mobile'
import { CloseOutline } from 'antd-mobile-icons'
import type { ProductDetail } from '../api'
import { AppLink } from '../../../components/navigation/AppLink'
import { compareColumns, compareRows } from './compareRows'
import { productHref } from '../paths'

interface CompareTableProps {
  products: readonly ProductDetail[]
  /** Shown as a remove button on each column when given. */
  onRemove?: (id: string) => void
}

/** Side-by-side table: one column per product, differing rows highlighted, optional "only differences". */
export function CompareTable({ products, onRemove }: CompareTableProps) {
  const [onlyDiff, setOnlyDiff] = useState(false)
  const columns = compareColumns(products)
  const rows = compareRows(products).filter((r) => !onlyDiff || r.differs)

  return (
    <div className="compare">
      <label className="compare-toggle">
        <Switch checked={onlyDiff} onChange={setOnlyDiff} aria-label="只看不同" />
        只看不同
        <span className="compare-legend">
          <i className="compare-legend-swatch" /> 标色为有差异的项目
        </span>
      </label>
      <div className="compare-scroll">
        <table
          className="compare-table"
          data-testid="compare-table"
          style={{ '--compare-columns': columns.length } as CSSProperties}
        >
          <thead>
            <tr>
              <th scope="col" className="compare-label">
                产品
              </th>
              {columns.map((c) => (
                <th scope="col" key={c.id}>
                  <AppLink to={productHref(c.id)} className="compare-product-name">
                    {c.name}
                  </AppLink>
                  {onRemove && products.length > 2 && (
                    <button
                      type="button"
                      className="compare-remove"
                      aria-label={`移除${c.name}`}
                      onClick={() => onRemove(c.id)}
                    >
                      <CloseOutline />
                    </button>
                  )}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 && (
              <tr>
                <td colSpan={columns.length + 1} className="compare-same">
                  所选产品各项完全相同
                </td>
              </tr>
            )}
            {rows.map((r, index) => {
              const groupRow = index === 0 || rows[index - 1].group !== r.group
              return [
                groupRow && (
                  <tr key={`group:${r.group}`} className="compare-group">
                    <th colSpan={columns.length + 1} scope="colgroup">
                      {r.group}
                    </th>
                  </tr>
                ),
                <tr key={r.key} className={r.differs ? 'differs' : undefined} data-differs={r.differs}>
                  <th scope="row" className="compare-label">
                    {r.label}
                  </th>
                  {r.cells.map((cell, index) => (
                    <td key={columns[index].id}>{cell}</td>
                  ))}
                </tr>,
              ]
            })}
          </tbody>
        </table>
      </div>
    </div>
  )
}
