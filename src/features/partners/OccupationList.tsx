import { useMemo, useState } from 'react'
import { List, SearchBar } from 'antd-mobile'
import {
  OCCUPATION_CATEGORIES,
  occupationClassName,
  occupationRefused,
  searchOccupations,
  type Occupation,
} from '../../domain/occupation'
import { REFUSED_TEXT } from './occupationText'

/** The occupation list matching the query, grouped by category in the classification's order. */
export function groupOccupations(query: string): { category: string; items: Occupation[] }[] {
  const found = searchOccupations(query)
  return OCCUPATION_CATEGORIES.map((category) => ({
    category,
    items: found.filter((o) => o.category === category),
  })).filter((g) => g.items.length > 0)
}

/**
 * The picker's searchable list, loaded when the picker first opens (antd-mobile's search bar and list with their
 * icons, about 3 KiB gzip the form does not need until then). Refused classes are listed but disabled.
 */
export default function OccupationList({
  refusedClasses,
  onChoose,
}: {
  refusedClasses: readonly number[]
  onChoose: (occupation: Occupation) => void
}) {
  const [query, setQuery] = useState('')
  const groups = useMemo(() => groupOccupations(query), [query])
  return (
    <>
      <SearchBar placeholder="搜索职业名称或类别" value={query} onChange={setQuery} style={{ padding: 12 }} />
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
                    onClick={refused ? undefined : () => onChoose(o)}
                  >
                    {o.name}
                  </List.Item>
                )
              })}
            </List>
          ))
        )}
      </div>
    </>
  )
}
