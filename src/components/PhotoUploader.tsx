import { useEffect, useRef, useState } from 'react'
import { ImageUploader, ProgressBar, type ImageUploadItem } from 'antd-mobile'
import { toast } from './notice'
import { compressImage } from '../lib/compressImage'
import { deleteMedia, uploadImage, type MediaPurpose } from '../lib/media/api'
import { describeError } from '../lib/request'
import './PhotoUploader.css'

/** An uploaded photo: its media id (sent with the form) and address. */
export interface UploadedPhoto {
  id: string
  url: string
}

interface Progress {
  key: number
  name: string
  percent: number
}

/**
 * Up to `max` photos, each compressed in the browser and uploaded at once with a progress bar; removing one
 * deletes the upload. The value is the uploaded photos in order; the parent knows when uploads are still running
 * (onBusyChange) so that it does not submit before they finish.
 */
export function PhotoUploader({
  purpose,
  value,
  onChange,
  max,
  onBusyChange,
  disabled,
}: {
  purpose: MediaPurpose
  value: UploadedPhoto[]
  onChange: (photos: UploadedPhoto[]) => void
  max: number
  onBusyChange?: (busy: boolean) => void
  disabled?: boolean
}) {
  const [uploads, setUploads] = useState<Progress[]>([])
  const next = useRef(0)

  const setPercent = (key: number, percent: number) =>
    setUploads((list) => list.map((u) => (u.key === key ? { ...u, percent } : u)))

  async function upload(file: File): Promise<ImageUploadItem> {
    const key = ++next.current
    setUploads((list) => [...list, { key, name: file.name, percent: 0 }])
    try {
      const small = await compressImage(file)
      const media = await uploadImage(small, purpose, { onProgress: (p) => setPercent(key, p) }, file.name)
      return { key: media.id, url: media.url, extra: media.id }
    } catch (error) {
      toast('error', describeError(error))
      throw error
    } finally {
      setUploads((list) => list.filter((u) => u.key !== key))
    }
  }

  // The parent hears of a change between busy and idle after the render that made it (never while rendering).
  const busy = uploads.length > 0
  const told = useRef(false)
  useEffect(() => {
    if (busy === told.current) return
    told.current = busy
    onBusyChange?.(busy)
  }, [busy, onBusyChange])

  const items: ImageUploadItem[] = value.map((p) => ({ key: p.id, url: p.url, extra: p.id }))
  return (
    <div className="photo-uploader" data-testid="photo-uploader">
      <ImageUploader
        value={items}
        onChange={(list) => onChange(list.map((item) => ({ id: String(item.extra), url: item.url })))}
        upload={upload}
        accept="image/jpeg,image/png,image/webp,image/gif"
        multiple
        maxCount={max}
        disableUpload={disabled}
        showFailed={false}
        onCountExceed={(exceed) => toast('error', `最多上传 ${max} 张，已忽略 ${exceed} 张`)}
        onDelete={(item) => {
          // The upload is freed on the server; the form forgets it whatever the answer.
          void deleteMedia(String(item.extra)).catch(() => undefined)
          return true
        }}
      />
      {uploads.length > 0 && (
        <ul className="photo-uploader-progress" aria-label="上传进度" data-testid="upload-progress">
          {uploads.map((u) => (
            <li key={u.key}>
              <span>{u.percent < 100 ? `正在上传 ${u.percent}%` : '处理中…'}</span>
              <ProgressBar percent={u.percent} />
            </li>
          ))}
        </ul>
      )}
      <p className="photo-uploader-hint">
        {value.length}/{max} 张，支持 JPG、PNG、WebP，单张不超过 10 MB
      </p>
    </div>
  )
}
