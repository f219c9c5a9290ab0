// What a colour field of a config holds (block styles, the theme): hex, rgb()/rgba() and hsl()/hsla() with
// numbers, or transparent. Nothing a browser would fetch or evaluate: no url(), image-set(), var(), gradient or
// CSS escape. The schema's $defs/color (schemas/block-common.schema.json) holds the same pattern (a test keeps
// them equal); the runtime applies a colour only when it matches.

export const COLOR_PATTERN =
  '^(#([0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})|transparent|rgba?\\( *\\d{1,3}(\\.\\d+)?%? *(, *\\d{1,3}(\\.\\d+)?%? *){2}(, *(0|1|0?\\.\\d+|\\d{1,3}%) *)?\\)|hsla?\\( *\\d{1,3}(\\.\\d+)?(deg)? *(, *\\d{1,3}(\\.\\d+)?% *){2}(, *(0|1|0?\\.\\d+|\\d{1,3}%) *)?\\))$'

const COLOR = new RegExp(COLOR_PATTERN)

/** The value when it is a colour, else undefined (nothing is applied). */
export function colorOrNothing(value: unknown): string | undefined {
  return typeof value === 'string' && COLOR.test(value) ? value : undefined
}

const channel = (c: number) => {
  const s = c / 255
  return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
}
const luminance = ([r, g, b]: number[]) => 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)
/** WCAG AA for normal text, with a little room for anti-aliasing and tinted backgrounds. */
const READABLE = 4.6

/**
 * A theme colour (#rgb or #rrggbb) darkened, keeping its hue, until white text on it and it as text on white
 * reach WCAG AA (4.5:1): staff pick a brand colour, buttons, tags and prices in it must stay readable. Other
 * colours are returned as they are.
 */
export function readableOnWhite(color: string | undefined): string | undefined {
  const m = color && /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color)
  if (!m) return color
  const hex = m[1].length === 3 ? [...m[1]].map((c) => c + c).join('') : m[1]
  let rgb = [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16))
  while (1.05 / (luminance(rgb) + 0.05) < READABLE) rgb = rgb.map((c) => Math.floor(c * 0.92))
  return `#${rgb.map((c) => c.toString(16).padStart(2, '0')).join('')}`
}
