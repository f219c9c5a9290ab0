// Pure layout of the small line chart (LineChart.tsx): the value axis fitted to the data, and which category
// labels fit along the bottom without touching each other or leaving the drawing.

/** Estimated width of a text in px: CJK and full-width characters 1em, digits and Latin narrower. */
export function textWidth(text: string, fontSize: number): number {
  let em = 0
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0
    if (code >= 0x2e80) em += 1
    else if (char === '.' || char === ',' || char === ':') em += 0.3
    else if (char === '%') em += 0.9
    else if (char === '-' || char === ' ') em += 0.4
    else em += 0.62
  }
  return em * fontSize
}

export interface ValueAxis {
  lo: number
  hi: number
  ticks: number[]
}

/** 1, 2, 2.5 or 5 × 10^k: the nice step nearest above `raw`. */
function niceStep(raw: number): number {
  const power = 10 ** Math.floor(Math.log10(raw))
  // Tolerance: 0.006 / 3 is 2.0000000000000004 × 10^-3, which is a step of 2, not 2.5.
  const fraction = raw / power - 1e-9
  const nice = fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 2.5 ? 2.5 : fraction <= 5 ? 5 : 10
  return nice * power
}

/** Removes floating-point noise (0.30000000000000004) from a tick. */
const clean = (v: number) => Number(v.toPrecision(12))

/**
 * The value axis: the data's range with some padding (never below 0 for data that is not negative), widened
 * to round ticks, about `tickCount` of them. A flat series gets a band around its value.
 */
export function valueAxis(values: readonly number[], tickCount = 4): ValueAxis {
  let min = Math.min(...values)
  let max = Math.max(...values)
  if (max === min) {
    const half = Math.abs(max) * 0.05 || 1
    min -= half
    max += half
  }
  const padding = (max - min) * 0.1
  let lo = min - padding
  const hi0 = max + padding
  if (Math.min(...values) >= 0) lo = Math.max(0, lo)
  const step = niceStep((hi0 - lo) / Math.max(1, tickCount - 1))
  lo = clean(Math.floor(lo / step) * step)
  const hi = clean(Math.ceil(hi0 / step) * step)
  const ticks: number[] = []
  for (let i = 0; lo + i * step <= hi + step / 1e6; i++) ticks.push(clean(lo + i * step))
  return { lo, hi, ticks }
}

export interface CategoryTick {
  index: number
  /** Centre of the label, moved inward where the label would leave the drawing. */
  x: number
  width: number
}

/**
 * Which category labels to draw: every n-th label where n is what their widths allow, always the first and the
 * last, none overlapping (a gap of `gap` px between them) and none outside [0, width].
 */
export function categoryTicks(
  labels: readonly string[],
  xOf: (index: number) => number,
  width: number,
  fontSize: number,
  gap = 6,
): CategoryTick[] {
  const n = labels.length
  if (!n) return []
  const tick = (index: number): CategoryTick => {
    const w = textWidth(labels[index], fontSize)
    const x = Math.min(Math.max(xOf(index), w / 2), width - w / 2)
    return { index, x, width: w }
  }
  if (n === 1) return [tick(0)]
  const widest = Math.max(...labels.map((l) => textWidth(l, fontSize)))
  const spacing = Math.abs(xOf(1) - xOf(0)) || 1
  const every = Math.max(1, Math.ceil((widest + gap) / spacing))
  const last = tick(n - 1)
  const kept: CategoryTick[] = []
  for (let i = 0; i < n - 1; i += every) {
    const t = tick(i)
    const previous = kept[kept.length - 1]
    if (previous && t.x - t.width / 2 < previous.x + previous.width / 2 + gap) continue
    kept.push(t)
  }
  // The last label always shows: drop the ones it would touch.
  while (
    kept.length &&
    kept[kept.length - 1].x + kept[kept.length - 1].width / 2 + gap > last.x - last.width / 2
  )
    kept.pop()
  return [...kept, last]
}
