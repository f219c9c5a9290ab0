import { useMemo, useState } from 'react'
import { List, SearchBar } from 'antd-mobile'
import { Sheet } from '../../components/sheets/LazySheets'
import {
  findOccupation,
  OCCUPATION_CATEGORIES,
  occupationClassName,
  occupationRefused,
  searchOccupations,
  type Occupation,
} from '../../domain/occupation'

export const REFUSED_TEXT = '该职业暂不可投保'

/** The occupation list matching the query, grouped by category in the classification's order. */
export function groupOccupations(query: string): { category: string; items: Occupation[] }[] {
  const found = searchOccupations(query)
  return OCCUPATION_CATEGORIES.map((category) => ({
    category,
    items: found.filter((o) => o.category === category),
  })).filter((g) => g.items.length > 0)
}

/**
 * 职业: a field that opens a searchable list of the occupation classification, grouped by category with the
 * class shown. The product's refused classes are listed but disabled (该职业暂不可投保).
 */
export function OccupationPicker({
  id,
  value,
  refusedClasses,
  onChange,
}: {
  id: string
  value: string
  refusedClasses: readonly number[]
  onChange: (occupation: Occupation) => void
}) {
  const [open, setOpen] = useState(false)
  const [query, setQuery] = useState('')
  const groups = useMemo(() => groupOccupations(query), [query])
  const chosen = value ? findOccupation(value) : undefined
  return (
    <>
      <button
        type="button"
        id={id}
        className="occupation-trigger"
        data-empty={!chosen}
        onClick={() => setOpen(true)}
      >
        {chosen ? `${chosen.name}（${occupationClassName(chosen.class)}）` : '请选择职业'}
      </button>
      <Sheet
        visible={open}
        onMaskClick={() => setOpen(false)}
        onClose={() => setOpen(false)}
        bodyStyle={{ borderTopLeftRadius: 12, borderTopRightRadius: 12 }}
        destroyOnClose
      >
        <div className="occupation-picker" role="dialog" aria-label="选择职业">
          <SearchBar
            placeholder="搜索职业名称或类别"
            value={query}
            onChange={setQuery}
            style={{ padding: 12 }}
          />
          <div className="occupation-picker-list">
            {groups.length === 0 ? (
              <p className="purchase-muted" style={{ padding: 16, textAlign: 'center' }}>
                未找到相关职业，请换个关键词
              </p>
            ) : (
              groups.map((group) => (
                <List key={group.category} header={group.category}>
                  {group.items.map((o) => {
                    const refused = occupationRefused(o.code, refusedClasses)
                    return (
                      <List.Item
                        key={o.code}
                        disabled={refused}
                        description={refused ? REFUSED_TEXT : undefined}
                        extra={<span className="occupation-class">{occupationClassName(o.class)}</span>}
                        arrowIcon={false}
                        onClick={
                          refused
                            ? undefined
                            : () => {
                                onChange(o)
                                setOpen(false)
                                setQuery('')
                              }
                        }
                      >
                        {o.name}
                      </List.Item>
                    )
                  })}
                </List>
              ))
            )}
          </div>
        </div>
      </Sheet>
    </>
  )
}
