// 意见反馈: the newest feedback (phones masked), one opened in a drawer with its photos and replies, and the reply
// form; a reply tells the user in the message center (反馈已回复, which opens this reply).
import {
  Alert,
  App,
  Button,
  Descriptions,
  Drawer,
  Form,
  Image,
  Input,
  Segmented,
  Space,
  Tag,
  Typography,
} from 'antd'
import { useState } from 'react'
import { casesApi, type DeskFeedbackSummary, type FeedbackStatus } from '../api/cases'
import { errorMessage } from '../api/client'
import { CaseTable } from './CaseTable'
import { DeskImage } from './DeskImage'
import { formatTime } from '../format'
import { useFeedback, useFeedbackList } from './hooks'
import { FEEDBACK_STATUSES, FEEDBACK_TYPES } from './words'
import { RevealPhone } from './RevealPhone'

const FILTERS = [
  { label: '待回复', value: 'PENDING' },
  { label: '已回复', value: 'REPLIED' },
  { label: '全部', value: '' },
]

export function FeedbackDesk() {
  const [status, setStatus] = useState<string>('PENDING')
  const [openId, setOpenId] = useState<string | null>(null)
  const { data, error, isLoading, mutate } = useFeedbackList(status || undefined)
  return (
    <>
      <Space style={{ marginBottom: 16 }}>
        <Segmented
          aria-label="反馈状态"
          options={FILTERS}
          value={status}
          onChange={(v) => setStatus(String(v))}
        />
      </Space>
      <CaseTable<DeskFeedbackSummary>
        rows={data?.items}
        loading={isLoading}
        error={error}
        emptyText={status === 'PENDING' ? '没有待回复的反馈' : '没有反馈'}
        onOpen={setOpenId}
        columns={[
          {
            title: '类型',
            dataIndex: 'type',
            width: 110,
            render: (t: DeskFeedbackSummary['type']) => FEEDBACK_TYPES[t],
          },
          {
            title: '内容',
            dataIndex: 'content',
            render: (content: string) => (
              <Typography.Text ellipsis={{ tooltip: content }} style={{ maxWidth: 520 }}>
                {content}
              </Typography.Text>
            ),
          },
          { title: '图片', dataIndex: 'photoCount', width: 70, align: 'right' as const },
          {
            title: '联系电话',
            dataIndex: 'contactPhone',
            width: 130,
            render: (p: string | null) => p ?? '—',
          },
          {
            title: '状态',
            dataIndex: 'status',
            width: 100,
            render: (s: FeedbackStatus) => (
              <Tag color={FEEDBACK_STATUSES[s].color}>{FEEDBACK_STATUSES[s].name}</Tag>
            ),
          },
          { title: '提交时间', dataIndex: 'createdAt', width: 160, render: (at: string) => formatTime(at) },
        ]}
      />
      <FeedbackDrawer id={openId} onClose={() => setOpenId(null)} onChanged={() => void mutate()} />
    </>
  )
}

function FeedbackDrawer({
  id,
  onClose,
  onChanged,
}: {
  id: string | null
  onClose(): void
  onChanged(): void
}) {
  const { data, error, mutate } = useFeedback(id)
  const { message } = App.useApp()
  const [form] = Form.useForm<{ body: string }>()
  const [saving, setSaving] = useState(false)
  const send = async ({ body }: { body: string }) => {
    if (!id) return
    setSaving(true)
    try {
      await mutate(await casesApi.reply(id, body), { revalidate: false })
      form.resetFields()
      message.success('已回复，用户将在消息中心收到通知')
      onChanged()
    } catch (failure) {
      message.error(errorMessage(failure))
      void mutate()
    } finally {
      setSaving(false)
    }
  }
  return (
    <Drawer title="意见反馈" open={id !== null} onClose={onClose} size={560} destroyOnHidden>
      {error && <Alert type="error" showIcon title={errorMessage(error)} />}
      {data && (
        <>
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label="类型">{FEEDBACK_TYPES[data.type]}</Descriptions.Item>
            <Descriptions.Item label="状态">
              <Tag color={FEEDBACK_STATUSES[data.status].color}>{FEEDBACK_STATUSES[data.status].name}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label="提交时间">{formatTime(data.createdAt)}</Descriptions.Item>
            <Descriptions.Item label="联系电话">
              <RevealPhone
                masked={data.contactPhone ?? data.userPhone}
                load={() => casesApi.feedbackPhone(data.id)}
              />
            </Descriptions.Item>
            <Descriptions.Item label="内容">
              <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>
                {data.content}
              </Typography.Paragraph>
            </Descriptions.Item>
          </Descriptions>
          {data.photos.length > 0 && (
            <Image.PreviewGroup>
              <Space wrap style={{ marginTop: 12 }}>
                {data.photos.map((photo, index) => (
                  <DeskImage key={photo.id} src={photo.url} alt={`反馈图片 ${index + 1}`} />
                ))}
              </Space>
            </Image.PreviewGroup>
          )}
          <Typography.Title level={5} style={{ marginTop: 24 }}>
            回复
          </Typography.Title>
          {data.replies.length === 0 && (
            <Typography.Paragraph type="secondary">还没有回复</Typography.Paragraph>
          )}
          {data.replies.map((reply) => (
            <Alert
              key={reply.createdAt}
              type="success"
              style={{ marginBottom: 8 }}
              title={`${reply.author} · ${formatTime(reply.createdAt)}`}
              description={<span style={{ whiteSpace: 'pre-wrap' }}>{reply.body}</span>}
            />
          ))}
          {data.status === 'PENDING' && (
            <Form form={form} layout="vertical" onFinish={send} aria-label="回复反馈">
              <Form.Item
                name="body"
                label="回复内容"
                rules={[
                  { required: true, whitespace: true, message: '请填写回复内容' },
                  { min: 2, message: '至少 2 个字' },
                  { max: 500, message: '最多 500 字' },
                ]}
              >
                <Input.TextArea
                  rows={5}
                  showCount
                  maxLength={500}
                  placeholder="用户将在“我的反馈”中看到这条回复"
                />
              </Form.Item>
              <Button type="primary" htmlType="submit" loading={saving}>
                发送回复
              </Button>
            </Form>
          )}
        </>
      )}
    </Drawer>
  )
}
