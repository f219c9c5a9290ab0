import type { FastifyInstance } from 'fastify'
import sharp from 'sharp'
import type { Media } from '../../src/types/generated/api/media'

// Upload helpers of the server tests.

export interface Part {
  name: string
  value?: string
  file?: { filename: string; type: string; data: Buffer }
}

/** A multipart/form-data body as a browser sends it. */
export function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = '----formboundary7MA4YWxkTrZu0gW'
  const chunks: Buffer[] = []
  for (const part of parts) {
    const disposition = part.file
      ? `form-data; name="${part.name}"; filename="${part.file.filename}"\r\nContent-Type: ${part.file.type}`
      : `form-data; name="${part.name}"`
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n\r\n`))
    chunks.push(part.file ? part.file.data : Buffer.from(part.value ?? ''))
    chunks.push(Buffer.from('\r\n'))
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`))
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  }
}

/** Uploads a small JPEG as `cookie`'s user through POST /api/media; the stored media. */
export async function uploadPhoto(app: FastifyInstance, cookie: string, purpose: string): Promise<Media> {
  const data = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#888' } })
    .jpeg()
    .toBuffer()
  const body = multipart([
    { name: 'purpose', value: purpose },
    { name: 'file', file: { filename: 'p.jpg', type: 'image/jpeg', data } },
  ])
  const res = await app.inject({
    method: 'POST',
    url: '/api/media',
    payload: body.payload,
    headers: { ...body.headers, cookie },
  })
  if (res.statusCode !== 200) throw new Error(`upload ${res.statusCode}: ${res.body}`)
  return res.json<Media>()
}
