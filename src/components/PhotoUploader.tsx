import { useEffect, useRef, useState, type ChangeEvent } from 'react'
import { ProgressBar } from 'antd-mobile'
import { toast } from './notice'
import { compressImage } from '../lib/compressImage'
import { deleteMedia, uploadImage, type MediaPurpose } from '../lib/media/api'
import { describeError } from '../lib/request'
import './PhotoUploader.css'

// Our own thumbnails and file input rather than antd-mobile's ImageUploader: its preview brings react-spring, a
// gesture library and a spinner (about 40 KiB gzip) to every claim and feedback screen. A tap on a photo shows it
// whole; its 删除 frees the upload.

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

const ACCEPT = 'image/jpeg,image/png,image/webp,image/gif'

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
  const [viewing, setViewing] = useState<UploadedPhoto | null>(null)
  const next = useRef(0)
  // The photos as of the last change: uploads finishing together each add to it, none is lost.
  const photos = useRef(value)
  useEffect(() => {
    photos.current = value
  }, [value])
  const change = (list: UploadedPhoto[]) => {
    photos.current = list
    onChange(list)
  }

  const setPercent = (key: number, percent: number) =>
    setUploads((list) => list.map((u) => (u.key === key ? { ...u, percent } : u)))

  // The parent hears of a change between busy and idle with the change itself (the photo added, the picker's
  // choice), never while rendering: a photo and its form's 提交 show together.
  const inFlight = useRef(0)
  const running = (by: number) => {
    const was = inFlight.current > 0
    inFlight.current += by
    if (was !== inFlight.current > 0) onBusyChange?.(!was)
  }

  async function upload(file: File): Promise<void> {
    const key = ++next.current
    running(1)
    setUploads((list) => [...list, { key, name: file.name, percent: 0 }])
    try {
      const small = await compressImage(file)
      const media = await uploadImage(small, purpose, { onProgress: (p) => setPercent(key, p) }, file.name)
      change([...photos.current, { id: media.id, url: media.url }])
    } catch (error) {
      toast('error', describeError(error))
    } finally {
      setUploads((list) => list.filter((u) => u.key !== key))
      running(-1)
    }
  }

  function chosen(event: ChangeEvent<HTMLInputElement>) {
    const files = [...(event.target.files ?? [])]
    // The same file may be chosen again after it was removed.
    event.target.value = ''
    const room = Math.max(max - photos.current.length - uploads.length, 0)
    if (files.length > room) toast('error', `最多上传 ${max} 张，已忽略 ${files.length - room} 张`)
    for (const file of files.slice(0, room)) void upload(file)
  }

  function remove(photo: UploadedPhoto) {
    // The upload is freed on the server; the form forgets it whatever the answer.
    void deleteMedia(photo.id).catch(() => undefined)
    change(photos.current.filter((p) => p.id !== photo.id))
  }

  return (
    <div className="photo-uploader" data-testid="photo-uploader">
      <ul className="photo-uploader-grid">
        {value.map((photo, index) => (
          <li key={photo.id} className="photo-uploader-cell">
            <button type="button" className="photo-uploader-view" onClick={() => setViewing(photo)}>
              <img src={photo.url} alt={`已上传的照片 ${index + 1}`} className="photo-uploader-image" />
            </button>
            {!disabled && (
              <button
                type="button"
                className="photo-uploader-delete"
                aria-label={`删除第 ${index + 1} 张照片`}
                onClick={() => remove(photo)}
              >
                <svg viewBox="0 0 12 12" width="10" height="10" aria-hidden="true">
                  <path
                    d="M2 2l8 8M10 2l-8 8"
                    stroke="currentColor"
                    strokeWidth="1.6"
                    strokeLinecap="round"
                  />
                </svg>
              </button>
            )}
          </li>
        ))}
        {!disabled && value.length + uploads.length < max && (
          <li className="photo-uploader-cell photo-uploader-add">
            <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
              <path d="M12 4v16M4 12h16" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
            </svg>
            <input
              type="file"
              accept={ACCEPT}
              multiple
              aria-label="上传照片"
              className="photo-uploader-input"
              onChange={chosen}
            />
          </li>
        )}
      </ul>
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
      {viewing && (
        <div
          className="photo-uploader-viewer"
          role="dialog"
          aria-label="查看照片"
          onClick={() => setViewing(null)}
        >
          <img src={viewing.url} alt="照片原图" />
          <button type="button" className="photo-uploader-viewer-close" onClick={() => setViewing(null)}>
            关闭
          </button>
        </div>
      )}
    </div>
  )
}
