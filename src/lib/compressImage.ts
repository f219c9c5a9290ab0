// Client-side compression before an upload: a phone photo of 4–12 MB becomes a JPEG of about 1 MB at most 2048 px,
// which uploads in seconds on a mobile network. The server re-encodes anyway; this only saves the user's data and
// time. The library loads on first use (it is not in any screen's first bytes) and runs on the main thread: its
// web worker would load code from a CDN, which the CSP (script-src 'self') refuses.

export const MAX_EDGE = 2048

/** A smaller JPEG of the image, or the file itself when it cannot be compressed (the server decides then). */
export async function compressImage(file: File): Promise<File> {
  if (!file.type.startsWith('image/') || file.type === 'image/gif') return file
  try {
    const { default: imageCompression } = await import('browser-image-compression')
    const compressed = await imageCompression(file, {
      maxSizeMB: 1,
      maxWidthOrHeight: MAX_EDGE,
      useWebWorker: false,
      fileType: file.type === 'image/png' ? 'image/png' : 'image/jpeg',
      initialQuality: 0.85,
    })
    return compressed.size < file.size ? compressed : file
  } catch {
    return file
  }
}
