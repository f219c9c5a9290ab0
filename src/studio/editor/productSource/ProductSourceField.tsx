// A product list's `from` in its property form: which products the list shows, picked as 产品分类, 标签 and
// 最多显示几个 instead of query keys typed in 页面设置 → 数据源, with the products that choice returns listed
// underneath. The workspace provides the selected block's data source (useProductSource).

import { createContext, useContext, useMemo, useState, type RefObject } from 'react'
import { InputNumber, Select, Typography } from 'antd'
import type { FieldProps } from '@rjsf/utils'
import { getAt, isObject } from '../configOps'
import type { PageConfig, StudioConfigError } from '../types'
import { productsPath } from '../../api/catalog'
import { useCategories, useProducts } from './useCatalog'
import { MAX_DATA_SOURCES, queryOfBlock, withProductChoice, type ProductChoice } from './productSourceModel'
import './productSource.css'

export interface ProductSourceValue {
  /** The selected block's data-source query and its own count. */
  query: Record<string, unknown>
  limit: number | undefined
  /** The validator's messages at the block's own `limit`, which the picker's count sets (the field is hidden). */
  limitErrors: string[]
  /** Writes the choice to the block's own data source; false when the page has no room for one. */
  choose(choice: ProductChoice): boolean
}

export const ProductSourceContext = createContext<ProductSourceValue>({
  query: {},
  limit: undefined,
  limitErrors: [],
  choose: () => false,
})

/** The picker's value for the block at `selection`. */
export function useProductSource(
  config: PageConfig,
  selection: string | null,
  latest: RefObject<PageConfig>,
  apply: (next: PageConfig, coalesceKey?: string) => void,
  errors: readonly StudioConfigError[],
): ProductSourceValue {
  const block = selection ? getAt(config, selection) : undefined
  const query = selection ? queryOfBlock(config, selection) : {}
  const own = isObject(block) && typeof block.limit === 'number' ? block.limit : undefined
  const queried = typeof query.limit === 'number' ? query.limit : undefined
  const key = JSON.stringify(query)
  const limitErrorsKey = JSON.stringify(
    errors.filter((e) => e.pointer === `${selection}/limit`).map((e) => e.message),
  )
  return useMemo(
    () => ({
      query: JSON.parse(key) as Record<string, unknown>,
      limit: own ?? queried,
      limitErrors: JSON.parse(limitErrorsKey) as string[],
      choose: (choice) => {
        if (!selection) return false
        const next = withProductChoice(latest.current, selection, choice)
        if (!next) return false
        apply(next, `${selection}:product-source`)
        return true
      },
    }),
    [key, own, queried, limitErrorsKey, selection, latest, apply],
  )
}

const text = (v: unknown) => (typeof v === 'string' && v ? v : undefined)

export function ProductSourceField(props: FieldProps) {
  const { query, limit, limitErrors, choose } = useContext(ProductSourceContext)
  const [full, setFull] = useState(false)
  const categories = useCategories()
  const category = text(query.category)
  const tag = text(query.tag)
  // The tags on offer: those of the chosen category's products.
  const pool = useProducts(productsPath({ category, limit: 50 }))
  const shown = useProducts(productsPath({ ...query, limit: limit ?? query.limit }))
  const tags = useMemo(
    () => [...new Set((pool.data?.items ?? []).flatMap((p) => p.tags))].sort(),
    [pool.data],
  )
  const disabled = props.disabled || props.readonly
  const errors = [...((props.errorSchema?.__errors as string[] | undefined) ?? []), ...limitErrors]
  const current: ProductChoice = { category, tag, limit }
  const set = (change: ProductChoice) => setFull(!choose({ ...current, ...change }))
  const items = shown.data?.items ?? []
  return (
    <div className="studio-field studio-product-source">
      <div className="studio-field-label">显示哪些产品</div>
      <label className="studio-sub-row">
        <span className="studio-sub-label">产品分类</span>
        <Select
          id={props.fieldPathId.$id}
          aria-label="产品分类"
          className="studio-sub-input"
          placeholder="全部分类"
          allowClear
          disabled={disabled}
          loading={categories.isLoading}
          value={category}
          options={(categories.data?.items ?? []).map((c) => ({
            value: c.code,
            label: `${c.name}（${c.productCount}）`,
          }))}
          // A tag of another category would leave the list empty.
          onChange={(v: string | undefined) => set({ category: v, tag: undefined })}
        />
      </label>
      <label className="studio-sub-row">
        <span className="studio-sub-label">标签</span>
        <Select
          aria-label="标签"
          className="studio-sub-input"
          placeholder="不限标签"
          allowClear
          disabled={disabled}
          value={tag}
          options={tags.map((t) => ({ value: t, label: t }))}
          notFoundContent="这一类产品没有标签"
          onChange={(v: string | undefined) => set({ tag: v })}
        />
      </label>
      <label className="studio-sub-row">
        <span className="studio-sub-label">最多显示几个</span>
        <InputNumber
          // The block's own `limit` field, which this count sets: an error at it (列表 limit 0) focuses here.
          id={props.fieldPathId.$id.replace(/_from$/, '_limit')}
          aria-label="最多显示几个"
          className="studio-sub-input"
          min={1}
          max={50}
          precision={0}
          placeholder="20"
          disabled={disabled}
          value={limit}
          onChange={(v) => set({ limit: typeof v === 'number' ? v : undefined })}
        />
      </label>
      {full && (
        <div className="studio-field-error" role="alert">
          本页已有 {MAX_DATA_SOURCES} 个数据源，无法再为这个列表单独取数，请先在页面设置 → 数据源中删除不用的
        </div>
      )}
      {errors.map((e) => (
        <div key={e} className="studio-field-error" role="alert">
          {e}
        </div>
      ))}
      <div className="studio-product-source-preview" aria-label="列表将显示的产品" role="region">
        <Typography.Text type="secondary">
          {shown.error
            ? '产品读取失败，请稍后重试'
            : shown.isLoading && !shown.data
              ? '读取产品中…'
              : items.length
                ? `将显示 ${items.length} 个产品：`
                : '没有符合条件的产品，列表将显示“暂无产品”'}
        </Typography.Text>
        {items.length > 0 && (
          <ol>
            {items.map((p) => (
              <li key={p.id}>{p.name}</li>
            ))}
          </ol>
        )}
      </div>
      <Typography.Text type="secondary" className="studio-product-source-name">
        数据源：{typeof props.formData === 'string' ? props.formData : '（未设置）'}
      </Typography.Text>
    </div>
  )
}
