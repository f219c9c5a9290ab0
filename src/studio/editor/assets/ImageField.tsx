// The image field of the studio: an address typed in, 上传 (into the asset library) or 从素材库选择, with a
// thumbnail, the image's size and weight, and a warning over the weight budget. The property forms use it for
// every field marked "x-image" (fields.tsx); other editors (the campaign prize table) use it directly.
import { Alert, Button, Image, Input, Space, Typography, Upload } from 'antd'
import { PictureOutlined, UploadOutlined } from '@ant-design/icons'
import { formatWeight, isOverBudget, overBudgetWarning } from './budget'
import { useImagePicking } from './useImagePicking'
import './assets.css'

export interface ImageFieldProps {
  value: string | undefined
  onChange(url: string | undefined): void
  /** Uploads a file and answers its public address (studioApi.uploadImage). */
  uploadImage(file: File): Promise<string>
  /** The input's id, for its label. */
  id?: string
  disabled?: boolean
  /** Names the field in the buttons' accessible names, e.g. 奖品图片. */
  label?: string
}

export function ImageField({ value, onChange, uploadImage, id, disabled, label }: ImageFieldProps) {
  const url = value ?? ''
  const { asset, busy, failed, upload, openLibrary, library } = useImagePicking(url, onChange, uploadImage)
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Space.Compact style={{ width: '100%' }}>
        <Input
          id={id}
          value={url}
          placeholder="/活动目录/图片.png 或 https 地址"
          disabled={disabled}
          onChange={(e) => onChange(e.target.value || undefined)}
        />
        <Upload accept="image/*" showUploadList={false} disabled={disabled} beforeUpload={upload}>
          <Button icon={<UploadOutlined />} loading={busy} aria-label={label ? `上传${label}` : undefined}>
            上传
          </Button>
        </Upload>
        <Button
          icon={<PictureOutlined />}
          disabled={disabled}
          onClick={openLibrary}
          aria-label={label ? `从素材库选择${label}` : undefined}
        >
          从素材库选择
        </Button>
      </Space.Compact>
      {failed && <Typography.Text type="danger">{failed}</Typography.Text>}
      {url && <Image src={url} alt="图片预览" height={72} style={{ objectFit: 'contain' }} />}
      {asset && (
        <span className="studio-image-field-meta">
          {asset.name} · {asset.width}×{asset.height} · {formatWeight(asset.bytes)}
        </span>
      )}
      {asset && isOverBudget(asset.bytes) && (
        <Alert type="warning" showIcon title={overBudgetWarning(asset.bytes)} />
      )}
      {library}
    </Space>
  )
}
