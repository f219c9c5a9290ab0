// The block catalogue: a searchable list of every block type by its Chinese name; choosing one inserts the
// block's starter (starters/blockStarters.ts) after the selected block.

import { memo, useMemo, useState } from 'react'
import { Button, Input, Modal, Typography } from 'antd'
import { PlusOutlined } from '@ant-design/icons'
import { BLOCK_CATALOG, type BlockInfo } from './schemas'

/** Memoized: the workspace re-renders on every keystroke, the catalogue (a closed dialog) need not. */
export const AddBlock = memo(function AddBlock({
  disabled,
  onAdd,
}: {
  disabled: boolean
  onAdd(info: BlockInfo): void
}) {
  const [open, setOpen] = useState(false)
  const [query, setQuery] = useState('')
  const shown = useMemo(() => {
    const q = query.trim().toLowerCase()
    return q
      ? BLOCK_CATALOG.filter((b) => `${b.name} ${b.type} ${b.description}`.toLowerCase().includes(q))
      : BLOCK_CATALOG
  }, [query])
  return (
    <>
      <Button type="primary" icon={<PlusOutlined />} block disabled={disabled} onClick={() => setOpen(true)}>
        添加区块
      </Button>
      <Modal
        title="添加区块"
        open={open}
        footer={null}
        width={640}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Input.Search
          placeholder="搜索区块，如 按钮、抽奖、倒计时"
          aria-label="搜索区块"
          allowClear
          autoFocus
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
        <div className="studio-catalog" role="list">
          {shown.map((info) => (
            <button
              key={info.type}
              type="button"
              role="listitem"
              className="studio-catalog-item"
              onClick={() => {
                onAdd(info)
                setOpen(false)
                setQuery('')
              }}
            >
              <span className="studio-catalog-name">{info.name}</span>
              <span className="studio-catalog-type">{info.type}</span>
              <span className="studio-catalog-desc">{info.description}</span>
            </button>
          ))}
          {!shown.length && <Typography.Text type="secondary">没有匹配的区块</Typography.Text>}
        </div>
      </Modal>
    </>
  )
})
