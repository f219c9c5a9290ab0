import sharp, { type Metadata } from 'sharp'
import { ApiError } from '../../platform/errors'

// An upload is whatever its bytes are, never what its name or declared type say: the first bytes must be those
// of an image format we take, and sharp must decode it. What is stored is a new encoding of the decoded pixels,
// turned upright, scaled to at most maxEdge, with no metadata (EXIF locations, camera serials, comments) and no
// payload a crafted file could carry.

export type SniffedFormat = 'jpeg' | 'png' | 'webp' | 'gif' | 'heif' | 'avif'

const startsWith = (bytes: Buffer, signature: number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b)
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0))

/** The image format the bytes begin with, or null. */
export function sniffImage(bytes: Buffer): SniffedFormat | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg'
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png'
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'webp'
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'gif'
  if (startsWith(bytes, ascii('ftyp'), 4)) {
    const brand = bytes.subarray(8, 12).toString('latin1')
    if (brand === 'avif' || brand === 'avis') return 'avif'
    if (['heic', 'heix', 'hevc', 'hevx', 'mif1', 'msf1'].includes(brand)) return 'heif'
  }
  return null
}

export interface StoredImage {
  data: Buffer
  contentType: 'image/jpeg' | 'image/webp'
  extension: 'jpg' | 'webp'
  width: number
  height: number
}

const unsupported = () =>
  new ApiError(415, 'UNSUPPORTED_IMAGE', '仅支持 JPG、PNG、WebP、GIF 格式的图片', [
    { field: 'file', message: '文件内容不是支持的图片格式' },
  ])

/** Pixels above this are refused before decoding (a small file can claim a huge canvas). */
const MAX_INPUT_PIXELS = 50_000_000

/** Checks the bytes are a supported image and re-encodes it: JPEG when opaque, WebP when it has transparency. */
export async function reencodeImage(bytes: Buffer, maxEdge: number): Promise<StoredImage> {
  const format = sniffImage(bytes)
  if (!format) throw unsupported()
  const input = () => sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', animated: false })
  let metadata: Metadata
  try {
    metadata = await input().metadata()
  } catch {
    if (format === 'heif')
      throw new ApiError(415, 'UNSUPPORTED_IMAGE', '暂不支持 HEIC 格式，请转换为 JPG 后上传', [
        { field: 'file', message: '不支持 HEIC 格式' },
      ])
    throw unsupported()
  }
  // The decoder must agree with the signature: a PNG header on anything else is not a PNG.
  const decoded = metadata.format === 'heif' ? (format === 'avif' ? 'avif' : 'heif') : metadata.format
  if (decoded !== format) throw unsupported()
  try {
    const pipeline = input()
      .rotate()
      .resize({ width: maxEdge, height: maxEdge, fit: 'inside', withoutEnlargement: true })
    const transparent = metadata.hasAlpha === true
    const { data, info } = transparent
      ? await pipeline.webp({ quality: 85 }).toBuffer({ resolveWithObject: true })
      : await pipeline
          .flatten({ background: '#ffffff' })
          .jpeg({ quality: 82, mozjpeg: true })
          .toBuffer({ resolveWithObject: true })
    return transparent
      ? { data, contentType: 'image/webp', extension: 'webp', width: info.width, height: info.height }
      : { data, contentType: 'image/jpeg', extension: 'jpg', width: info.width, height: info.height }
  } catch (error) {
    if (error instanceof ApiError) throw error
    // A file whose header decodes but whose pixels do not (truncated, corrupt) is not an image we keep.
    throw new ApiError(415, 'UNSUPPORTED_IMAGE', '图片已损坏或无法识别，请换一张图片', [
      { field: 'file', message: '图片无法解码' },
    ])
  }
}
