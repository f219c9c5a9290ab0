// 保留我的修改: the draft saved meanwhile is fetched and merged with the working copy (threeWayMerge.ts). What
// each side changed alone is kept; a block (or setting) both changed is shown side by side and the person
// chooses per block. Nothing of theirs is dropped without being shown.
import { Alert, Button, Card, Modal, Radio, Result, Space, Spin, Typography } from 'antd'
import { useEffect, useMemo, useState } from 'react'
import { errorMessage } from '../api/client'
import { studioApi } from '../api/endpoints'
import type { PageConfig, PageDetail } from '../api/types'
import { formatTime } from '../format'
import { differingFields, unitWords } from './mergeWords'
import { threeWayMerge, type MergeUnit, type Side } from './threeWayMerge'

/** One side of a conflict: removed, or the fields where it differs from the other side. */
function SideView(props: { unit: MergeUnit; value: unknown; other: unknown; label: string }) {
  const { unit, value, label } = props
  const rows = value === undefined ? [] : differingFields(unit, value, props.other)
  return (
    <div style={{ flex: 1, minWidth: 0 }}>
      <Typography.Text strong>{label}</Typography.Text>
      {value === undefined ? (
        <Typography.Paragraph type="danger" style={{ margin: 0 }}>
          已删除
        </Typography.Paragraph>
      ) : (
        <ul style={{ margin: '4px 0 0', paddingLeft: 18 }}>
          {rows.map(([k, v], i) => (
            <li key={i} style={{ wordBreak: 'break-all' }}>
              {k && <Typography.Text strong>{k}：</Typography.Text>}
              {v}
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}

export function MergeDialog(props: {
  pageId: string
  base: PageConfig | null
  mine: PageConfig
  onMerged(merged: PageConfig, theirs: PageDetail): void
  onCancel(): void
}) {
  const { pageId, base, mine } = props
  const [theirs, setTheirs] = useState<PageDetail | null>(null)
  const [failed, setFailed] = useState<string | null>(null)
  const [choices, setChoices] = useState<Record<string, Side>>({})
  useEffect(() => {
    let live = true
    studioApi.page(pageId).then(
      (page) => live && setTheirs(page),
      (e: unknown) => live && setFailed(errorMessage(e)),
    )
    return () => {
      live = false
    }
  }, [pageId])
  const merge = useMemo(
    () => (theirs ? threeWayMerge(base, theirs.config, mine) : null),
    [theirs, base, mine],
  )
  const open = merge?.conflicts.filter((c) => !choices[c.key]).length ?? 0

  return (
    <Modal
      open
      title="合并双方的修改"
      width={760}
      closable={false}
      mask={{ closable: false }}
      footer={[
        <Button key="cancel" onClick={props.onCancel}>
          取消
        </Button>,
        <Button
          key="merge"
          type="primary"
          disabled={!merge || !theirs || open > 0}
          onClick={() => merge && theirs && props.onMerged(merge.resolve(choices), theirs)}
        >
          {open > 0 ? `还有 ${open} 处冲突未选择` : '合并，继续编辑'}
        </Button>,
      ]}
    >
      {failed ? (
        <Result status="error" title="无法读取对方保存的草稿" subTitle={failed} />
      ) : !merge || !theirs ? (
        <div style={{ display: 'grid', placeItems: 'center', padding: 32 }}>
          <Spin description="正在读取对方保存的草稿…" />
        </div>
      ) : (
        <Space orientation="vertical" style={{ width: '100%' }} data-testid="merge-dialog">
          <Alert
            type="info"
            showIcon
            title={`${theirs.savedBy}于 ${formatTime(theirs.savedAt)} 保存了修订 ${theirs.draftRevision}`}
            description={`自动保留：对方的 ${merge.taken.theirs} 处修改、你的 ${merge.taken.mine} 处修改。${
              merge.conflicts.length
                ? `下面 ${merge.conflicts.length} 处双方都改了，请逐个选择保留哪一方。`
                : '没有冲突。'
            }合并后请检查，再保存。`}
          />
          {merge.kept.length > 0 && (
            <ul style={{ margin: 0, paddingLeft: 20 }} aria-label="自动保留的修改" data-testid="merge-kept">
              {merge.kept.map(({ side, unit }) => {
                const value = side === 'mine' ? unit.mine : unit.theirs
                const what = unit.base === undefined ? '新增' : value === undefined ? '删除' : '修改'
                return (
                  <li key={unit.key}>
                    {side === 'mine' ? '你' : theirs.savedBy}
                    {what}了{unitWords(unit)}
                  </li>
                )
              })}
            </ul>
          )}
          {merge.conflicts.map((unit) => (
            <Card
              key={unit.key}
              size="small"
              title={unitWords(unit)}
              data-testid="merge-conflict"
              extra={
                <Radio.Group
                  aria-label={`${unitWords(unit)} 保留哪一方`}
                  value={choices[unit.key]}
                  onChange={(e) => setChoices((c) => ({ ...c, [unit.key]: e.target.value as Side }))}
                  options={[
                    { value: 'theirs', label: `用${theirs.savedBy}的` },
                    { value: 'mine', label: '用我的' },
                  ]}
                />
              }
            >
              <div style={{ display: 'flex', gap: 16 }}>
                <SideView
                  unit={unit}
                  label={`${theirs.savedBy}的版本`}
                  value={unit.theirs}
                  other={unit.mine}
                />
                <SideView unit={unit} label="我的版本" value={unit.mine} other={unit.theirs} />
              </div>
            </Card>
          ))}
        </Space>
      )}
    </Modal>
  )
}
