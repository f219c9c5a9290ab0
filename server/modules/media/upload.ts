import type { FastifyRequest } from 'fastify'
import type { Multipart } from '@fastify/multipart'
import { ApiError, multipartError } from '../../platform/errors'
import { MEDIA_PURPOSES, type MediaPurpose } from './tables'

export interface UploadForm {
  purpose: MediaPurpose
  bytes: Buffer
}

const formProblem = (field: string, message: string) =>
  new ApiError(400, 'INVALID_INPUT', message, [{ field, message }])

/** Room for the form's boundaries and the purpose field around the file. */
const FORM_OVERHEAD = 64 * 1024

/**
 * Reads an upload's multipart form: the purpose field and one file part named "file". The file is read into
 * memory up to the limit (its size is refused while it streams, not after); whatever the parser refuses is our
 * own 4xx. What the file is, is decided from its bytes later, never from its name or declared type.
 */
export async function readUploadForm(request: FastifyRequest, maxUploadBytes: number): Promise<UploadForm> {
  const declared = Number(request.headers['content-length'])
  if (Number.isFinite(declared) && declared > maxUploadBytes + FORM_OVERHEAD)
    throw multipartError('FST_REQ_FILE_TOO_LARGE', maxUploadBytes) as ApiError
  let purpose: string | undefined
  let bytes: Buffer | undefined
  try {
    const parts = request.parts({
      limits: { fileSize: maxUploadBytes, files: 1, fields: 2, parts: 3, fieldSize: 100, fieldNameSize: 50 },
    })
    for await (const part of parts as AsyncIterableIterator<Multipart>) {
      if (part.type === 'field') {
        if (part.fieldname !== 'purpose') throw formProblem(part.fieldname, `不支持的字段：${part.fieldname}`)
        purpose = String(part.value)
      } else if (part.fieldname === 'file') {
        bytes = await part.toBuffer()
      } else {
        part.file.resume()
        throw formProblem(part.fieldname, `不支持的字段：${part.fieldname}`)
      }
    }
  } catch (error) {
    if (error instanceof ApiError) throw error
    const known = multipartError((error as { code?: string }).code, maxUploadBytes)
    if (known) throw known
    // busboy's own complaints (no boundary, a malformed part header, an unexpected end) carry no code.
    throw new ApiError(400, 'INVALID_MULTIPART', '上传的表单格式不正确', [
      { field: '请求体', message: '表单格式不正确' },
    ])
  }
  if (!MEDIA_PURPOSES.includes(purpose as MediaPurpose))
    throw formProblem(
      'purpose',
      purpose === undefined ? '缺少必填项：用途（purpose）' : '用途（purpose）的取值不在允许范围内',
    )
  if (!bytes || bytes.length === 0) throw formProblem('file', '缺少必填项：图片文件（file）')
  return { purpose: purpose as MediaPurpose, bytes }
}
