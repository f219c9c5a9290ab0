// 转接: another agent (with how many conversations each serves now) or 退回排队, with an optional note for the
// audit log.
import { Alert, Button, Input, Modal, Radio, Space, Spin, Typography } from 'antd'
import { useState } from 'react'
import type { TransferInput } from '../api/desk'
import { useDeskAgents } from './hooks'

const QUEUE = 'queue'

export interface TransferModalProps {
  open: boolean
  /** The agent transferring (not a choice). */
  selfId: number
  onCancel(): void
  onTransfer(input: TransferInput): Promise<void>
}

export function TransferModal({ open, selfId, onCancel, onTransfer }: TransferModalProps) {
  const { data, error, isLoading, mutate } = useDeskAgents(open)
  const [choice, setChoice] = useState<string>(QUEUE)
  const [note, setNote] = useState('')
  const [busy, setBusy] = useState(false)
  const others = data?.items.filter((agent) => agent.id !== selfId) ?? []

  const submit = async () => {
    setBusy(true)
    try {
      const trimmed = note.trim()
      await onTransfer({
        toStaffId: choice === QUEUE ? null : Number(choice),
        ...(trimmed ? { note: trimmed } : {}),
      })
      setChoice(QUEUE)
      setNote('')
    } finally {
      setBusy(false)
    }
  }

  return (
    <Modal
      title="转接会话"
      open={open}
      onCancel={onCancel}
      okText="确认转接"
      cancelText="取消"
      onOk={() => void submit()}
      okButtonProps={{ loading: busy }}
      destroyOnHidden
    >
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Typography.Text type="secondary">
          转给其他客服继续接待，或退回排队由下一位空闲的客服接待。
        </Typography.Text>
        {error && !data ? (
          <Alert
            type="error"
            showIcon
            title={`客服列表加载失败：${error.message}`}
            action={
              <Button size="small" onClick={() => void mutate()}>
                重试
              </Button>
            }
          />
        ) : isLoading ? (
          <Spin description="正在加载客服…" />
        ) : (
          <Radio.Group
            value={choice}
            onChange={(e) => setChoice(String(e.target.value))}
            aria-label="转接给"
            className="desk-transfer-choices"
          >
            <Space orientation="vertical">
              <Radio value={QUEUE}>退回排队</Radio>
              {others.map((agent) => (
                <Radio key={agent.id} value={String(agent.id)}>
                  {agent.displayName}
                  <Typography.Text type="secondary">（接待中 {agent.active} 个）</Typography.Text>
                </Radio>
              ))}
              {data && !others.length && (
                <Typography.Text type="secondary">暂无其他在职的客服</Typography.Text>
              )}
            </Space>
          </Radio.Group>
        )}
        <Input.TextArea
          className="desk-transfer-note"
          aria-label="转接说明"
          placeholder="转接说明（选填，记入操作日志）"
          value={note}
          maxLength={200}
          showCount
          autoSize={{ minRows: 2, maxRows: 4 }}
          onChange={(e) => setNote(e.target.value.replace(/[\r\n\t]+/g, ' '))}
        />
      </Space>
    </Modal>
  )
}
