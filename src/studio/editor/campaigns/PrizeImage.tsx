// A prize's image in a table cell: a thumbnail, 上传 and 素材库 (the studio's shared picking, see
// assets/useImagePicking.tsx), and a warning tag when the chosen upload is over the weight budget.

import { Button, Image, Space, Tag, Tooltip, Typography, Upload } from 'antd'
import { DeleteOutlined, PictureOutlined, UploadOutlined } from '@ant-design/icons'
import { formatWeight, isOverBudget, overBudgetWarning } from '../assets/budget'
import { useImagePicking } from '../assets/useImagePicking'

export function PrizeImage(props: {
  id: string
  value: unknown
  disabled: boolean
  status: 'error' | undefined
  uploadImage(file: File): Promise<string>
  onChange(url: string | undefined): void
}) {
  const value = typeof props.value === 'string' ? props.value : ''
  const { asset, busy, failed, upload, openLibrary, library } = useImagePicking(
    value,
    props.onChange,
    props.uploadImage,
  )
  return (
    <div className="campaign-prize-image">
      <Space size={4} wrap>
        {value && <Image src={value} alt="奖品图片" width={32} height={32} style={{ objectFit: 'cover' }} />}
        <Upload accept="image/*" showUploadList={false} disabled={props.disabled} beforeUpload={upload}>
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
        <Tooltip title="从素材库选择">
          <Button
            size="small"
            icon={<PictureOutlined />}
            disabled={props.disabled}
            aria-label="从素材库选择奖品图片"
            onClick={openLibrary}
          />
        </Tooltip>
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
      {asset && isOverBudget(asset.bytes) && (
        <Tooltip title={overBudgetWarning(asset.bytes)}>
          <Tag color="warning">{formatWeight(asset.bytes)} 过大</Tag>
        </Tooltip>
      )}
      {failed && <Typography.Text type="danger">{failed}</Typography.Text>}
      {library}
    </div>
  )
}
