// 重命名 in 我的组合: a small popover with the name; the server refuses an empty, over-long or taken name with a
// Chinese message, shown under the field.
import { App, Button, Input, Popover, Space, Typography } from 'antd'
import { useState } from 'react'
import { errorMessage } from '../../api/client'
import { collabApi, type Section } from '../../api/collab'

const MAX_NAME = 30

export function RenameSection({ section, onRenamed }: { section: Section; onRenamed(): void }) {
  const { message } = App.useApp()
  const [open, setOpen] = useState(false)
  const [name, setName] = useState(section.name)
  const [error, setError] = useState<string | null>(null)
  const [saving, setSaving] = useState(false)
  const save = async () => {
    setSaving(true)
    try {
      const renamed = await collabApi.renameSection(section.id, name)
      message.success(`已改名为「${renamed.name}」`)
      setOpen(false)
      onRenamed()
    } catch (e) {
      setError(errorMessage(e))
    } finally {
      setSaving(false)
    }
  }
  return (
    <Popover
      open={open}
      trigger="click"
      onOpenChange={(next) => {
        setOpen(next)
        if (next) {
          setName(section.name)
          setError(null)
        }
      }}
      title={`重命名组合「${section.name}」`}
      content={
        <Space orientation="vertical" style={{ width: 260 }}>
          <Input
            aria-label="新的组合名称"
            value={name}
            maxLength={MAX_NAME + 10}
            showCount={{ formatter: ({ count }) => `${count}/${MAX_NAME}` }}
            status={error ? 'error' : undefined}
            onChange={(e) => {
              setName(e.target.value)
              setError(null)
            }}
            onPressEnter={() => void save()}
          />
          {error && (
            <Typography.Text type="danger" role="alert">
              {error}
            </Typography.Text>
          )}
          <Space>
            <Button size="small" onClick={() => setOpen(false)}>
              取消
            </Button>
            <Button size="small" type="primary" loading={saving} onClick={() => void save()}>
              保存名称
            </Button>
          </Space>
        </Space>
      }
    >
      <Button size="small" aria-label={`重命名组合 ${section.name}`}>
        重命名
      </Button>
    </Popover>
  )
}
