// 草稿已被他人保存: a save refused because someone else saved first. 刷新 takes theirs; 保留我的修改 opens the merge.
// Memoized with stable handlers: the page screen re-renders with every key typed.
import { Button, Modal, Typography } from 'antd'
import { memo } from 'react'
import type { DraftConflict } from '../api/types'
import { formatTime } from '../format'

export interface Conflict {
  detail: DraftConflict | null
  message: string
}

export const ConflictDialog = memo(function ConflictDialog(props: {
  conflict: Conflict | null
  onRefresh(): void
  onKeep(): void
}) {
  const { conflict, onRefresh, onKeep } = props
  return (
    <Modal
      title="草稿已被他人保存"
      open={conflict !== null}
      closable={false}
      mask={{ closable: false }}
      footer={[
        <Button key="refresh" onClick={onRefresh}>
          刷新
        </Button>,
        <Button key="keep" type="primary" onClick={onKeep}>
          保留我的修改
        </Button>,
      ]}
    >
      <Typography.Paragraph data-testid="conflict-message">{conflict?.message}</Typography.Paragraph>
      {conflict?.detail && (
        <Typography.Paragraph type="secondary">
          保存人：{conflict.detail.savedBy}，时间：{formatTime(conflict.detail.savedAt)}（修订号{' '}
          {conflict.detail.revision}）
        </Typography.Paragraph>
      )}
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        “刷新”载入对方保存的草稿，你的修改会丢弃；“保留我的修改”把双方的修改合并：各自改动的部分都保留，双方都改了的区块由你逐个选择。
      </Typography.Paragraph>
    </Modal>
  )
})
