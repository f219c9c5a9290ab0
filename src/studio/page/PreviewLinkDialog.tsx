// 预览链接: a signed, expiring link to the saved draft (optionally at a chosen moment), with a QR code for a phone.
import { App, Button, DatePicker, Form, Input, Modal, Radio, Space, Typography } from 'antd'
import type { Dayjs } from 'dayjs'
import QRCode from 'qrcode'
import { useState } from 'react'
import { errorMessage } from '../api/client'
import { studioApi } from '../api/endpoints'
import type { PreviewLink } from '../api/types'
import { beijingIso, formatTime } from '../format'
import { SandboxProfileControl } from '../editor/SandboxProfileControl'
import {
  DEFAULT_SANDBOX_PROFILE,
  PROFILE_PARAM,
  profileParam,
  type SandboxProfile,
} from '../../domain/sandboxProfile'

export interface PreviewLinkDialogProps {
  open: boolean
  pageId: string
  /** Unsaved edits are not in the link (it shows the saved draft). */
  dirty: boolean
  onClose(): void
}

export function PreviewLinkDialog({ open, pageId, dirty, onClose }: PreviewLinkDialogProps) {
  const [at, setAt] = useState<Dayjs | null>(null)
  // Opens as a visitor (未登录) or a sample user (已登录); the phone's bar switches too. Not signed: it only
  // simulates the login inside the preview's sandbox (the draft needs the signature either way).
  const [asGuest, setAsGuest] = useState(false)
  // The sample user for the campaigns' 参与条件 (实名, 会员等级, 新用户), as the editor's preview has it; the phone's
  // 预览身份 bar can change it again.
  const [profile, setProfile] = useState<SandboxProfile>(DEFAULT_SANDBOX_PROFILE)
  const [link, setLink] = useState<(PreviewLink & { absolute: string; qr: string }) | null>(null)
  const [submitting, setSubmitting] = useState(false)
  const { message } = App.useApp()

  const create = async () => {
    setSubmitting(true)
    try {
      const made = await studioApi.previewLink(pageId, at ? beijingIso(at) : undefined)
      const url = new URL(made.url, window.location.origin)
      if (asGuest) url.searchParams.set('login', '0')
      const profileText = asGuest ? null : profileParam(profile)
      if (profileText) url.searchParams.set(PROFILE_PARAM, profileText)
      const absolute = url.toString()
      const qr = await QRCode.toDataURL(absolute, { margin: 1, width: 200 })
      setLink({ ...made, absolute, qr })
    } catch (error) {
      message.error(errorMessage(error))
    } finally {
      setSubmitting(false)
    }
  }

  const copy = async () => {
    if (!link) return
    try {
      await navigator.clipboard.writeText(link.absolute)
      message.success('已复制预览链接')
    } catch {
      message.warning('无法访问剪贴板，请手动复制')
    }
  }

  return (
    <Modal
      title="预览链接"
      open={open}
      onCancel={onClose}
      footer={<Button onClick={onClose}>关闭</Button>}
      destroyOnHidden
      afterClose={() => setLink(null)}
    >
      <Typography.Paragraph type="secondary">
        生成带签名的链接，在手机上打开即可预览已保存的草稿，24 小时内有效。
        {dirty && <Typography.Text type="warning">当前有未保存的修改，预览中不会出现。</Typography.Text>}
      </Typography.Paragraph>
      <Form layout="inline" style={{ marginBottom: 16 }} disabled={submitting}>
        <Form.Item label="预览时刻（可选）">
          <DatePicker
            showTime={{ format: 'HH:mm' }}
            format="YYYY-MM-DD HH:mm"
            value={at}
            onChange={setAt}
            placeholder="默认为打开时的当前时间"
            style={{ width: 240 }}
            aria-label="预览时刻"
          />
        </Form.Item>
        <Form.Item label="打开时">
          <Radio.Group
            aria-label="打开时的登录状态"
            value={asGuest}
            onChange={(e) => setAsGuest(e.target.value as boolean)}
            options={[
              { value: false, label: '已登录' },
              { value: true, label: '未登录' },
            ]}
          />
        </Form.Item>
        <Form.Item label="用户情况">
          <SandboxProfileControl profile={profile} disabled={asGuest} onChange={setProfile} />
        </Form.Item>
        <Button type="primary" onClick={create} loading={submitting}>
          {link ? '重新生成' : '生成链接'}
        </Button>
      </Form>
      {link && (
        <Space align="start" size="large" data-testid="preview-link">
          <img src={link.qr} alt="预览链接二维码" width={160} height={160} />
          <Space orientation="vertical" style={{ minWidth: 0 }}>
            <Input.TextArea
              value={link.absolute}
              readOnly
              autoSize={{ minRows: 2, maxRows: 4 }}
              aria-label="预览链接地址"
              style={{ width: 280 }}
            />
            <Typography.Text type="secondary">有效期至 {formatTime(link.expiresAt)}</Typography.Text>
            <Space>
              <Button onClick={copy}>复制链接</Button>
              <Button href={link.absolute} target="_blank" rel="noreferrer">
                新窗口打开
              </Button>
            </Space>
          </Space>
        </Space>
      )}
    </Modal>
  )
}
