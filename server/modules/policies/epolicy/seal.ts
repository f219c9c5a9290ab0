// The insurer's electronic seal, drawn as vector paths in the e-policy: a red ring, the company's name around the
// top, a five-pointed star and 电子保单专用章 below it, as Chinese company seals look. Drawn with the document's
// embedded font rather than rasterized from an SVG, so it needs no system font and stays sharp at any zoom.

export const SEAL_RED = '#d7261e'

/** What the seal drawing needs of a pdfkit document (PDFKit.PDFDocument fits). */
export interface SealCanvas {
  save(): this
  restore(): this
  translate(x: number, y: number): this
  rotate(angle: number, options?: { origin?: [number, number] }): this
  circle(x: number, y: number, radius: number): this
  polygon(...points: [number, number][]): this
  lineWidth(width: number): this
  strokeColor(color: string): this
  fillColor(color: string): this
  fillOpacity(opacity: number): this
  strokeOpacity(opacity: number): this
  stroke(): this
  fill(): this
  fontSize(size: number): this
  widthOfString(text: string): number
  text(text: string, x: number, y: number, options?: { lineBreak?: boolean; baseline?: 'middle' }): this
}

const rad = (deg: number) => (deg * Math.PI) / 180

/** A five-pointed star centred on (cx, cy), point up. */
function starPoints(cx: number, cy: number, outer: number): [number, number][] {
  const inner = outer * 0.382
  return Array.from({ length: 10 }, (_, i) => {
    const r = i % 2 === 0 ? outer : inner
    const a = rad(90 + i * 36)
    return [cx + r * Math.cos(a), cy - r * Math.sin(a)]
  })
}

/** Draws the seal of `company` centred on (cx, cy) with radius `r` (points), in the current font. */
export function drawSeal(doc: SealCanvas, company: string, cx: number, cy: number, r: number): void {
  // A company seal names the company without the demo mark's brackets crowding the ring.
  const name = company.replace(/（[^）]*）$/, '')
  doc.save().strokeColor(SEAL_RED).fillColor(SEAL_RED).strokeOpacity(0.8).fillOpacity(0.8)
  doc
    .lineWidth(r * 0.06)
    .circle(cx, cy, r * 0.95)
    .stroke()
  doc.polygon(...starPoints(cx, cy, r * 0.26)).fill()

  // The name around the top: from lower left, over the top, to lower right, each character facing outwards.
  const textRadius = r * 0.7
  const size = Math.min(r * 0.21, (rad(240) * textRadius) / Math.max(name.length, 1) / 1.08)
  doc.fontSize(size)
  const span = Math.min(240, (name.length * size * 1.08 * 180) / (Math.PI * textRadius))
  const step = name.length > 1 ? span / (name.length - 1) : 0
  const start = 90 + span / 2
  Array.from(name).forEach((ch, i) => {
    const angle = start - i * step
    const x = cx + textRadius * Math.cos(rad(angle))
    const y = cy - textRadius * Math.sin(rad(angle))
    doc
      .save()
      .translate(x, y)
      .rotate(90 - angle)
    doc.text(ch, -doc.widthOfString(ch) / 2, 0, { lineBreak: false, baseline: 'middle' })
    doc.restore()
  })

  const label = '电子保单专用章'
  doc.fontSize(r * 0.15)
  doc.text(label, cx - doc.widthOfString(label) / 2, cy + r * 0.45, { lineBreak: false, baseline: 'middle' })
  doc.restore()
}
