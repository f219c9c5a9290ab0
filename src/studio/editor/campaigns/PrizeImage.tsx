// A prize's image in a table cell: a thumbnail and 上传 through the workspace's `uploadImage`. The one place the
// campaign editor picks an image, so an asset library can take its place.

import { useState } from 'react'
import { Button, Image, Space, Typography, Upload } from 'antd'
import { DeleteOutlined, UploadOutlined } from '@ant-design/icons'

export function PrizeImage(props: {
  id: string
  value: unknown
  disabled: boolean
  status: 'error' | undefined
  uploadImage(file: File): Promise<string>
  onChange(url: string | undefined): void
}) {
  const [busy, setBusy] = useState(false)
  const [failed, setFailed] = useState<string | null>(null)
  const value = typeof props.value === 'string' ? props.value : ''
  return (
    <div className="campaign-prize-image">
      <Space size={4}>
        {value && <Image src={value} alt="奖品图片" width={32} height={32} style={{ objectFit: 'cover' }} />}
        <Upload
          accept="image/*"
          showUploadList={false}
          disabled={props.disabled}
          beforeUpload={(file) => {
            setBusy(true)
            setFailed(null)
            props
              .uploadImage(file)
              .then((url) => props.onChange(url))
              .catch((e: unknown) => setFailed(e instanceof Error ? e.message : '上传失败'))
              .finally(() => setBusy(false))
            return false
          }}
        >
          <Button
            id={props.id}
            size="small"
            danger={props.status === 'error'}
            icon={<UploadOutlined />}
            loading={busy}
            aria-label={value ? '更换奖品图片' : '上传奖品图片'}
          >
            {value ? '更换' : '上传'}
          </Button>
        </Upload>
        {value && !props.disabled && (
          <Button
            size="small"
            type="text"
            icon={<DeleteOutlined />}
            aria-label="移除奖品图片"
            onClick={() => props.onChange(undefined)}
          />
        )}
      </Space>
      {failed && <Typography.Text type="danger">{failed}</Typography.Text>}
    </div>
  )
}
