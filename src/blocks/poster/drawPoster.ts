// The share poster, drawn on a canvas (no dependency but the QR code's modules): the background, the user's
// nickname and headline at the top, the QR code of the page with the user's invite code at the bottom. 750×1200
// CSS pixels, the size of the background; saved as a PNG.

export const POSTER_WIDTH = 750
export const POSTER_HEIGHT = 1200
const FONT = '"Noto Sans CJK SC", "PingFang SC", "Microsoft YaHei", sans-serif'
const QR_BOX = 260
const QR_MARGIN = 16
/** The white card under the QR code and its caption. */
const CARD_WIDTH = 460

export interface PosterContent {
  nickname: string
  headline: string
  caption: string
  /** The QR code's modules: size × size, dark where `dark(row, col)`. */
  qr: { size: number; dark: (row: number, col: number) => boolean }
}

/** The page to open from the QR code, with the invite code (`?inviter=`), absolute. */
export function posterUrl(path: string, origin: string, inviteCode: string): string {
  const url = new URL(path, origin)
  url.searchParams.set('inviter', inviteCode)
  return url.toString()
}

/** Shortens a text to `width` pixels, ending it with … when cut. */
function fit(ctx: CanvasRenderingContext2D, text: string, width: number): string {
  if (ctx.measureText(text).width <= width) return text
  const chars = Array.from(text)
  while (chars.length > 1 && ctx.measureText(`${chars.join('')}…`).width > width) chars.pop()
  return `${chars.join('')}…`
}

/** Paints the poster over `background`; false when the browser gives no 2D context. */
export function drawPoster(
  canvas: HTMLCanvasElement,
  background: CanvasImageSource,
  content: PosterContent,
): boolean {
  canvas.width = POSTER_WIDTH
  canvas.height = POSTER_HEIGHT
  const ctx = canvas.getContext('2d')
  if (!ctx) return false
  ctx.drawImage(background, 0, 0, POSTER_WIDTH, POSTER_HEIGHT)

  // The nickname and the headline on a white band at the top.
  ctx.fillStyle = 'rgba(255, 255, 255, 0.92)'
  ctx.beginPath()
  ctx.roundRect(40, 40, POSTER_WIDTH - 80, 150, 24)
  ctx.fill()
  ctx.textAlign = 'left'
  ctx.fillStyle = '#0b3d91'
  ctx.font = `600 30px ${FONT}`
  ctx.fillText(fit(ctx, `${content.nickname} 邀你一起参与`, POSTER_WIDTH - 140), 70, 98)
  ctx.fillStyle = '#1f2329'
  ctx.font = `700 44px ${FONT}`
  ctx.fillText(fit(ctx, content.headline, POSTER_WIDTH - 140), 70, 158)

  // The QR code on a white card at the bottom, the caption under it.
  const boxX = (POSTER_WIDTH - QR_BOX) / 2
  const boxY = POSTER_HEIGHT - QR_BOX - 130
  ctx.fillStyle = '#ffffff'
  ctx.beginPath()
  ctx.roundRect((POSTER_WIDTH - CARD_WIDTH) / 2, boxY - 20, CARD_WIDTH, QR_BOX + 100, 24)
  ctx.fill()
  const cell = Math.floor((QR_BOX - QR_MARGIN * 2) / content.qr.size)
  const offset = boxX + (QR_BOX - cell * content.qr.size) / 2
  ctx.fillStyle = '#000000'
  for (let row = 0; row < content.qr.size; row++)
    for (let col = 0; col < content.qr.size; col++)
      if (content.qr.dark(row, col))
        ctx.fillRect(offset + col * cell, boxY + QR_MARGIN + row * cell, cell, cell)
  ctx.fillStyle = '#646a73'
  ctx.font = `26px ${FONT}`
  ctx.textAlign = 'center'
  ctx.fillText(fit(ctx, content.caption, CARD_WIDTH - 40), POSTER_WIDTH / 2, boxY + QR_BOX + 50)
  return true
}
