import type { CompareColumn, CompareRow } from './compareRows'

// Draws the comparison table onto a canvas (no dependency): measure every wrapped cell first, size the
// canvas, then paint. Coordinates are in CSS pixels at a 750 px wide layout, scaled 2x for sharpness.

export interface ComparisonImage {
  title: string
  subtitle: string
  columns: readonly CompareColumn[]
  rows: readonly CompareRow[]
  footer: readonly string[]
}

const WIDTH = 750
const SCALE = 2
const PAD = 24
const LABEL_W = 150
const CELL_PAD = 10
const LINE = 30
const FONT = '"Noto Sans CJK SC", "PingFang SC", "Microsoft YaHei", sans-serif'
const COLORS = {
  bg: '#ffffff',
  text: '#1f2329',
  muted: '#646a73',
  primary: '#1677ff',
  grid: '#e5e6eb',
  header: '#e8f3ff',
  group: '#f5f6f8',
  differs: '#fff7e6',
}

/** Breaks text into lines no wider than `width` (per character: Chinese has no spaces to break on). */
export function wrapText(measure: (s: string) => number, text: string, width: number): string[] {
  const lines: string[] = []
  let current = ''
  for (const char of text) {
    if (current && measure(current + char) > width) {
      lines.push(current)
      current = char
    } else current += char
  }
  if (current || lines.length === 0) lines.push(current)
  return lines
}

interface Block {
  height: number
  draw: (ctx: CanvasRenderingContext2D, top: number) => void
}

function layout(ctx: CanvasRenderingContext2D, image: ComparisonImage): Block[] {
  const n = image.columns.length
  const colW = (WIDTH - PAD * 2 - LABEL_W) / n
  const font = (size: number, bold = false) => `${bold ? '600 ' : ''}${size}px ${FONT}`
  const wrap = (text: string, width: number, f: string) => {
    ctx.font = f
    return wrapText((s) => ctx.measureText(s).width, text, width - CELL_PAD * 2)
  }
  const x = (col: number) => PAD + LABEL_W + col * colW
  const blocks: Block[] = []

  blocks.push({
    height: 96,
    draw: (c, top) => {
      c.fillStyle = COLORS.primary
      c.font = font(32, true)
      c.fillText(image.title, PAD, top + 44)
      c.fillStyle = COLORS.muted
      c.font = font(20)
      c.fillText(image.subtitle, PAD, top + 78)
    },
  })

  const tableRow = (label: string, cells: readonly string[], fill: string, bold: boolean) => {
    const f = font(22, bold)
    const labelLines = wrap(label, LABEL_W, font(22, true))
    const cellLines = cells.map((cell) => wrap(cell, colW, f))
    const height = Math.max(labelLines.length, ...cellLines.map((l) => l.length)) * LINE + CELL_PAD * 2
    blocks.push({
      height,
      draw: (c, top) => {
        c.fillStyle = fill
        c.fillRect(PAD, top, WIDTH - PAD * 2, height)
        c.strokeStyle = COLORS.grid
        c.lineWidth = 1
        c.strokeRect(PAD, top, WIDTH - PAD * 2, height)
        for (let i = 0; i < n; i++) {
          c.beginPath()
          c.moveTo(x(i), top)
          c.lineTo(x(i), top + height)
          c.stroke()
        }
        c.fillStyle = COLORS.muted
        c.font = font(22, true)
        labelLines.forEach((line, i) => c.fillText(line, PAD + CELL_PAD, top + CELL_PAD + 22 + i * LINE))
        c.fillStyle = COLORS.text
        c.font = f
        cellLines.forEach((lines, col) =>
          lines.forEach((line, i) => c.fillText(line, x(col) + CELL_PAD, top + CELL_PAD + 22 + i * LINE)),
        )
      },
    })
  }

  tableRow(
    '产品',
    image.columns.map((c) => c.name),
    COLORS.header,
    true,
  )
  let group = ''
  for (const row of image.rows) {
    if (row.group !== group) {
      group = row.group
      const title = group
      blocks.push({
        height: 40,
        draw: (c, top) => {
          c.fillStyle = COLORS.group
          c.fillRect(PAD, top, WIDTH - PAD * 2, 40)
          c.fillStyle = COLORS.primary
          c.font = font(20, true)
          c.fillText(title, PAD + CELL_PAD, top + 27)
        },
      })
    }
    tableRow(row.label, row.cells, row.differs ? COLORS.differs : COLORS.bg, false)
  }

  const footerLines = image.footer.flatMap((line) => wrap(line, WIDTH - PAD * 2 + CELL_PAD * 2, font(20)))
  blocks.push({
    height: footerLines.length * 30 + 40,
    draw: (c, top) => {
      c.fillStyle = COLORS.muted
      c.font = font(20)
      footerLines.forEach((line, i) => c.fillText(line, PAD, top + 44 + i * 30))
    },
  })
  return blocks
}

/** Paints the image; false when the browser gives no 2D context. */
export function drawComparison(canvas: HTMLCanvasElement, image: ComparisonImage): boolean {
  const measuring = canvas.getContext('2d')
  if (!measuring) return false
  const blocks = layout(measuring, image)
  const height = blocks.reduce((sum, b) => sum + b.height, 0) + PAD
  // Resizing clears the canvas and its state: paint only after.
  canvas.width = WIDTH * SCALE
  canvas.height = height * SCALE
  const ctx = canvas.getContext('2d')
  if (!ctx) return false
  ctx.scale(SCALE, SCALE)
  ctx.fillStyle = COLORS.bg
  ctx.fillRect(0, 0, WIDTH, height)
  let top = 0
  for (const block of blocks) {
    block.draw(ctx, top)
    top += block.height
  }
  return true
}

/** data:image/png;base64,… -> Blob, for the share sheet. */
export function dataUrlToBlob(dataUrl: string): Blob {
  const [head, body] = dataUrl.split(',')
  const type = /data:([^;]+)/.exec(head)?.[1] ?? 'image/png'
  const bytes = Uint8Array.from(atob(body), (c) => c.charCodeAt(0))
  return new Blob([bytes], { type })
}
