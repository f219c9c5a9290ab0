import { useRef } from 'react'
import { Choices } from '../../../components/Choices'
import { Button } from 'antd-mobile'
import { Dropdown, type DropdownRef } from '../../../components/dropdown/Dropdown'
import { useSnapshot } from 'valtio'
import { useInsurers, useProducts } from '../api'
import { ErrorView, LoadingView } from '../../../components/StatusViews'
import { navbarStore } from './navbarStore'
import { SORT_OPTIONS, sortOf, tagOf, tagSourceQuery, withMore, type SortKey } from './navbarQuery'

/** Insurer, sort and tag filters under the category tabs; every choice is written to the navbar store. */
export function ShoppingFilters() {
  const navbar = useSnapshot(navbarStore.state)
  const insurers = useInsurers()
  const tagSource = useProducts(tagSourceQuery(navbar))
  const dropdown = useRef<DropdownRef>(null)
  const insurer = navbar.insurerCodes[0]
  const sort = sortOf(navbar.more)
  const tag = tagOf(navbar.more)
  const tags = [...new Set([...(tag ? [tag] : []), ...(tagSource.data?.items.flatMap((p) => p.tags) ?? [])])]
  const insurerName = insurers.data?.items.find((i) => i.code === insurer)?.shortName

  const close = () => dropdown.current?.close()

  return (
    <Dropdown ref={dropdown} className="shopping-filters">
      <Dropdown.Item key="insurer" title={insurerName ?? '保险公司'} highlight={Boolean(insurer)}>
        <div className="filter-panel">
          {insurers.isLoading ? (
            <LoadingView lines={2} />
          ) : insurers.error ? (
            <ErrorView error={insurers.error} onRetry={() => void insurers.mutate()} />
          ) : (
            <Choices
              columns={2}
              options={[
                { label: '不限', value: '' },
                ...(insurers.data?.items ?? []).map((i) => ({ label: i.shortName, value: i.code })),
              ]}
              value={[insurer ?? '']}
              onChange={(values) => {
                navbarStore.update({ insurerCodes: values[0] ? [values[0]] : [] })
                close()
              }}
            />
          )}
        </div>
      </Dropdown.Item>
      <Dropdown.Item
        key="sort"
        title={SORT_OPTIONS.find((o) => o.value === (sort ?? ''))?.label ?? '综合排序'}
      >
        <div className="filter-panel">
          <Choices
            columns={2}
            options={SORT_OPTIONS}
            value={[sort ?? '']}
            onChange={(values) => {
              navbarStore.update({
                more: withMore(navbar.more, 'sort', values[0] as SortKey | '' | undefined),
              })
              close()
            }}
          />
        </div>
      </Dropdown.Item>
      <Dropdown.Item key="more" title={tag ?? '更多'} highlight={Boolean(tag)}>
        <div className="filter-panel">
          <div className="filter-panel-title">产品特色</div>
          {tagSource.error ? (
            <ErrorView error={tagSource.error} onRetry={() => void tagSource.mutate()} />
          ) : tags.length === 0 ? (
            <p className="filter-panel-empty">{tagSource.isLoading ? '加载中…' : '暂无可筛选的特色'}</p>
          ) : (
            <Choices
              columns={3}
              options={tags.map((t) => ({ label: t, value: t }))}
              value={tag ? [tag] : []}
              onChange={(values) => {
                navbarStore.update({ more: withMore(navbar.more, 'tag', values[0]) })
                close()
              }}
            />
          )}
          <Button
            block
            size="small"
            className="filter-reset"
            onClick={() => {
              navbarStore.update({ insurerCodes: [], likeTitle: '', more: [] })
              close()
            }}
          >
            重置全部筛选
          </Button>
        </div>
      </Dropdown.Item>
    </Dropdown>
  )
}
