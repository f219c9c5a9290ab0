// 新建页面: id (the /activity/{id} address), title, and a template among the folder configs (or a blank page),
// chosen in a gallery of cards (templates/TemplateGallery.tsx).
import { App, Form, Input, Modal, Typography } from 'antd'
import { useState } from 'react'
import { useNavigate } from 'react-router-dom'
import { errorMessage, StudioApiError } from '../api/client'
import { studioApi } from '../api/endpoints'
import { pageHref } from '../paths'
import { TemplateGallery } from './templates/TemplateGallery'

export const PAGE_ID = /^[a-z][a-zA-Z0-9-]{1,39}$/

interface NewPageForm {
  id: string
  title: string
  template: string
}

export interface NewPageDialogProps {
  open: boolean
  /** Preset by 复制为新页面 (a template) or 复制页面 (`from`: a studio page, named by `fromTitle`). */
  initial?: { template?: string; title?: string; from?: string; fromTitle?: string }
  onClose(): void
}

export function NewPageDialog({ open, initial, onClose }: NewPageDialogProps) {
  const [form] = Form.useForm<NewPageForm>()
  const [submitting, setSubmitting] = useState(false)
  const navigate = useNavigate()
  const { message } = App.useApp()
  const id = Form.useWatch('id', form)

  const submit = async (values: NewPageForm) => {
    setSubmitting(true)
    try {
      const page = await studioApi.createPage({
        id: values.id.trim(),
        title: values.title.trim(),
        ...(initial?.from ? { from: initial.from } : values.template ? { template: values.template } : {}),
      })
      message.success(`已创建页面“${page.title}”`)
      onClose()
      navigate(pageHref(page.id))
    } catch (error) {
      // A refused id (taken, reserved, malformed) is said at the field.
      if (
        error instanceof StudioApiError &&
        (error.code === 'PAGE_ID_TAKEN' || error.code === 'VALIDATION_FAILED')
      )
        form.setFields([{ name: 'id', errors: [error.message] }])
      else message.error(errorMessage(error))
    } finally {
      setSubmitting(false)
    }
  }

  return (
    <Modal
      title={initial?.from ? '复制页面' : '新建页面'}
      open={open}
      okText="创建"
      cancelText="取消"
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={submitting}
      okButtonProps={{ disabled: submitting }}
      destroyOnHidden
      width={initial?.from ? undefined : 760}
    >
      <Form<NewPageForm>
        form={form}
        layout="vertical"
        preserve={false}
        onFinish={submit}
        initialValues={{ id: '', title: initial?.title ?? '', template: initial?.template ?? '' }}
        disabled={submitting}
      >
        <Form.Item
          label="页面 ID"
          name="id"
          extra={
            <Typography.Text type="secondary">
              发布后的地址：/activity/{id || '页面ID'}（小写字母开头，2–40 个字母、数字或 -）
            </Typography.Text>
          }
          rules={[
            { required: true, message: '请输入页面 ID' },
            { pattern: PAGE_ID, message: '小写字母开头，2–40 个字母、数字或 -' },
          ]}
        >
          <Input placeholder="如 spring-sale" autoComplete="off" />
        </Form.Item>
        <Form.Item
          label="页面标题"
          name="title"
          rules={[
            { required: true, whitespace: true, message: '请输入页面标题' },
            { max: 60, message: '标题最多 60 个字' },
          ]}
        >
          <Input placeholder="如 春季保障节" autoComplete="off" />
        </Form.Item>
        {initial?.from ? (
          <Typography.Paragraph type="secondary" data-testid="copy-from">
            复制自「{initial.fromTitle ?? initial.from}」（/activity/{initial.from}
            ）的当前草稿；其中的活动会改用新的活动编号，区块中的引用随之更新。
          </Typography.Paragraph>
        ) : (
          <Form.Item label="模板" name="template">
            <TemplateGallery />
          </Form.Item>
        )}
      </Form>
    </Modal>
  )
}
