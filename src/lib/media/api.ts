import { del } from '../request'
import { uploadForm, type UploadOptions } from '../upload'
import type { Media } from '../../types/generated/api/media'

// The media module (schemas/api/media.schema.json): images uploaded for an avatar, feedback or a claim, served
// back under /api/media/{id}.

const mediaPath = '/api/media'

/** What the server keeps of an upload. */
export type { Media }

export type MediaPurpose = Media['purpose']

/** Uploads one image for a purpose (avatar, feedback, claim) to the media module. */
export function uploadImage(
  file: Blob,
  purpose: MediaPurpose,
  options: UploadOptions = {},
  filename = 'image.jpg',
): Promise<Media> {
  const form = new FormData()
  form.append('purpose', purpose)
  form.append('file', file, filename)
  return uploadForm<Media>(mediaPath, form, options)
}

/** Frees an upload the user took back (the form forgets it whatever the answer). */
export const deleteMedia = (id: string) => del(`${mediaPath}/${encodeURIComponent(id)}`)

/** Whether a URL is one of our uploads (a kept draft names its photos by URL). */
export const isMediaUrl = (url: string) => url.startsWith(`${mediaPath}/`)
