// The square an avatar crop chose, drawn to a canvas and encoded: the upload is the crop only (a few dozen KiB),
// whatever the size of the photo it came from.

export interface PixelArea {
  x: number
  y: number
  width: number
  height: number
}

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image()
    image.onload = () => resolve(image)
    image.onerror = () => reject(new Error('图片无法读取，请换一张图片'))
    image.src = src
  })
}

/** The area of the image at `src`, scaled to `size`×`size`, as a JPEG. */
export async function cropToSquare(src: string, area: PixelArea, size = 512): Promise<Blob> {
  const image = await loadImage(src)
  const canvas = document.createElement('canvas')
  canvas.width = size
  canvas.height = size
  const context = canvas.getContext('2d')
  if (!context) throw new Error('浏览器不支持图片裁剪')
  context.fillStyle = '#fff'
  context.fillRect(0, 0, size, size)
  context.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, size, size)
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('图片裁剪失败，请重试'))),
      'image/jpeg',
      0.9,
    ),
  )
}
