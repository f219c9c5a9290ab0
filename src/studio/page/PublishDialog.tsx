// 发布: now, or at a moment picked in Beijing time (+08:00).
import { Alert, App, DatePicker, Form, Modal, Radio, Typography } from 'antd'
import type { Dayjs } from 'dayjs'
import { useState } from 'react'
import { errorMessage, StudioApiError } from '../api/client'
import { studioApi } from '../api/endpoints'
import type { PendingSchedule, Published } from '../api/types'
import { beijingIso, formatTime } from '../format'
import { scheduleList } from './PublishingPanel'

export interface PublishDialogProps {
  open: boolean
  pageId: string
  revision: number
  /** Pending schedules: this publication supersedes them (said before it is made). */
  pending: readonly PendingSchedule[]
  onClose(): void
  onPublished(result: Published): void
}

export function PublishDialog({ open, pageId, revision, pending, onClose, onPublished }: PublishDialogProps) {
  const [when, setWhen] = useState<'now' | 'at'>('now')
  const [at, setAt] = useState<Dayjs | null>(null)
  const [submitting, setSubmitting] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const { message } = App.useApp()
  const [inPast, setInPast] = useState(false)
  const atIso = at ? beijingIso(at) : null
  const pick = (value: Dayjs | null) => {
    setAt(value)
    setInPast(value !== null && Date.parse(beijingIso(value)) <= Date.now())
  }

  const submit = async () => {
    if (when === 'at' && (!atIso || Date.parse(atIso) <= Date.now())) {
      setError(atIso ? '发布时间必须晚于现在' : '请选择发布时间')
      return
    }
    setSubmitting(true)
    setError(null)
    try {
      const result = await studioApi.publish(
        pageId,
        revision,
        when === 'at' ? (atIso ?? undefined) : undefined,
      )
      const superseded = result.superseded.length
        ? `；已取代定时发布：${result.superseded.map((s) => `版本 ${s.version}`).join('、')}`
        : ''
      message.success(
        (when === 'at'
          ? `已定时发布版本 ${result.version}，将于 ${formatTime(result.publishAt)} 上线`
          : `已发布版本 ${result.version}`) + superseded,
      )
      onPublished(result)
      onClose()
    } catch (e) {
      setError(e instanceof StudioApiError ? e.message : errorMessage(e))
    } finally {
      setSubmitting(false)
    }
  }

  return (
    <Modal
      title="发布页面"
      open={open}
      onCancel={onClose}
      onOk={submit}
      okText={when === 'at' ? '定时发布' : '立即发布'}
      cancelText="取消"
      confirmLoading={submitting}
      destroyOnHidden
    >
      <Form layout="vertical" disabled={submitting}>
        <Form.Item label="发布时间">
          <Radio.Group value={when} onChange={(event) => setWhen(event.target.value as 'now' | 'at')}>
            <Radio value="now">立即发布</Radio>
            <Radio value="at">定时发布</Radio>
          </Radio.Group>
        </Form.Item>
        {when === 'at' && (
          <Form.Item
            label="上线时间（北京时间 +08:00）"
            validateStatus={inPast ? 'error' : undefined}
            help={inPast ? '发布时间必须晚于现在' : undefined}
          >
            <DatePicker
              showTime={{ format: 'HH:mm' }}
              format="YYYY-MM-DD HH:mm"
              value={at}
              onChange={pick}
              aria-label="上线时间"
              style={{ width: 240 }}
            />
          </Form.Item>
        )}
        {pending.length > 0 && (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 12 }}
            data-testid="supersede-warning"
            title={`这次发布将取代待生效的定时发布：${scheduleList(pending)}，它们不会再上线。`}
          />
        )}
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          发布会把当前已保存的草稿生成一个不可修改的新版本；
          {when === 'at' ? '到时间后线上页面切换到这个版本。' : '线上页面立即切换到这个版本。'}
        </Typography.Paragraph>
        {error && (
          <Typography.Paragraph type="danger" role="alert" style={{ marginTop: 12, marginBottom: 0 }}>
            {error}
          </Typography.Paragraph>
        )}
      </Form>
    </Modal>
  )
}
