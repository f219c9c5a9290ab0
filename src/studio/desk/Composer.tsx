// The reply box of a conversation the agent serves: at most 500 characters, Enter sends and Shift+Enter starts a
// new line; 快捷回复 inserts a prepared text; 图片 sends an image of the studio's asset library (picked there or
// uploaded into it). Each draft has its own client id and a send runs once at a time, so a double click sends once.
import { PictureOutlined, ThunderboltOutlined, UploadOutlined } from '@ant-design/icons'
import { App, Button, Dropdown, Input, Space, Typography, Upload } from 'antd'
import type { TextAreaRef } from 'antd/es/input/TextArea'
import { useRef, useState, type KeyboardEvent } from 'react'
import { MAX_MESSAGE_CHARS, QUICK_REPLIES } from '../../domain/serviceDesk'
import { errorMessage } from '../api/client'
import { deskApi, type DeskMessageInput } from '../api/desk'
import { hasRole, useStaff } from '../session'
import { useImagePicking } from '../editor/assets/useImagePicking'
import { newClientId } from './clientId'

export interface ComposerProps {
  onSend(input: DeskMessageInput): Promise<void>
}

export function Composer({ onSend }: ComposerProps) {
  const { message } = App.useApp()
  const [text, setText] = useState('')
  const [busy, setBusy] = useState(false)
  const sending = useRef(false)
  // The draft's id: the same while the text is unchanged (a retry after a failure posts once).
  const clientId = useRef(newClientId())
  const box = useRef<TextAreaRef>(null)

  const run = async (input: DeskMessageInput) => {
    if (sending.current) return false
    sending.current = true
    setBusy(true)
    try {
      await onSend(input)
      return true
    } catch (error) {
      message.error(errorMessage(error))
      return false
    } finally {
      sending.current = false
      setBusy(false)
    }
  }

  const change = (next: string) => {
    if (next !== text) clientId.current = newClientId()
    setText(next.slice(0, MAX_MESSAGE_CHARS))
  }

  const sendText = async () => {
    const body = text.trim()
    if (!body) return
    if (await run({ clientId: clientId.current, text: body })) {
      setText('')
      clientId.current = newClientId()
    }
  }

  const keyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return
    event.preventDefault()
    void sendText()
  }

  /** Puts a quick reply where the cursor is (else at the end). */
  const insert = (reply: string) => {
    const element = box.current?.resizableTextArea?.textArea
    const start = element?.selectionStart ?? text.length
    const end = element?.selectionEnd ?? text.length
    change(text.slice(0, start) + reply + text.slice(end))
    element?.focus()
  }

  const sendImage = (url: string | undefined) => {
    if (url) void run({ clientId: newClientId(), imageUrl: url })
  }
  const images = useImagePicking('', sendImage, deskApi.uploadImage)
  // The asset library is page work (编辑 and up); 客服 upload their own images.
  const library = hasRole(useStaff(), 'editor')

  return (
    <div className="desk-composer">
      <Space size="small" wrap>
        <Dropdown
          trigger={['click']}
          menu={{
            items: QUICK_REPLIES.map((reply, index) => ({ key: String(index), label: reply })),
            onClick: ({ key }) => insert(QUICK_REPLIES[Number(key)] ?? ''),
            className: 'desk-quick-menu',
          }}
        >
          <Button icon={<ThunderboltOutlined aria-hidden />}>快捷回复</Button>
        </Dropdown>
        <Upload accept="image/*" showUploadList={false} beforeUpload={images.upload} disabled={busy}>
          <Button icon={<UploadOutlined aria-hidden />} loading={images.busy}>
            上传图片
          </Button>
        </Upload>
        {library && (
          <Button icon={<PictureOutlined aria-hidden />} onClick={images.openLibrary} disabled={busy}>
            从素材库选择
          </Button>
        )}
        {images.failed && <Typography.Text type="danger">{images.failed}</Typography.Text>}
      </Space>
      <Input.TextArea
        ref={box}
        aria-label="回复内容"
        placeholder="输入回复，Enter 发送，Shift+Enter 换行"
        value={text}
        maxLength={MAX_MESSAGE_CHARS}
        autoSize={{ minRows: 2, maxRows: 5 }}
        onChange={(e) => change(e.target.value)}
        onKeyDown={keyDown}
      />
      <div className="desk-composer-send">
        <span className="desk-composer-count">
          {text.length} / {MAX_MESSAGE_CHARS}
        </span>
        <Button type="primary" loading={busy} disabled={busy || !text.trim()} onClick={() => void sendText()}>
          发送
        </Button>
      </div>
      {images.library}
    </div>
  )
}
