import { HttpError, ParseError } from './request'

// Uploads with progress. fetch() reports no upload progress, so a file goes up with XMLHttpRequest; errors are the
// request layer's (HttpError carrying our {"error":…} body), so describeError() words them in Chinese.

export interface UploadOptions {
  /** 0–100 as the bytes leave the browser. */
  onProgress?: (percent: number) => void
  signal?: AbortSignal
  headers?: Record<string, string>
}

/** POSTs a multipart form and resolves with the parsed JSON answer. */
export function uploadForm<T>(url: string, form: FormData, options: UploadOptions = {}): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open('POST', url)
    xhr.withCredentials = true
    xhr.setRequestHeader('Accept', 'application/json')
    for (const [name, value] of Object.entries(options.headers ?? {})) xhr.setRequestHeader(name, value)
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0)
        options.onProgress?.(Math.min(100, Math.round((event.loaded / event.total) * 100)))
    }
    xhr.onload = () => {
      let body: unknown = xhr.responseText
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : undefined
      } catch (cause) {
        if (xhr.status >= 200 && xhr.status < 300) return reject(new ParseError(xhr.responseText, cause))
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        options.onProgress?.(100)
        resolve(body as T)
      } else reject(new HttpError(xhr.status, body, url, 'POST'))
    }
    xhr.onerror = () => reject(new TypeError('network error'))
    xhr.onabort = () => reject(new DOMException('aborted', 'AbortError'))
    if (options.signal?.aborted) return xhr.abort()
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true })
    xhr.send(form)
  })
}
