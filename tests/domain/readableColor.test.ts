import { describe, expect, it } from 'vitest'
import { readableOnWhite } from '../../src/page-config/colors'

const luminance = (hex: string) => {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
  const f = (c: number) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)
  return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b)
}
const onWhite = (hex: string) => 1.05 / (luminance(hex) + 0.05)

describe('a config page theme colour', () => {
  it('is darkened until white text on it and it on white reach 4.5:1', () => {
    for (const staffPick of ['#e8382f', '#d48806', '#fa8c16', '#1677ff', '#ff0', '#00b578']) {
      const shown = readableOnWhite(staffPick) as string
      expect(onWhite(shown)).toBeGreaterThanOrEqual(4.5)
    }
  })
  it('keeps a colour that is readable already, and any other colour form', () => {
    expect(readableOnWhite('#0958d9')).toBe('#0958d9')
    expect(readableOnWhite('rgb(1, 2, 3)')).toBe('rgb(1, 2, 3)')
    expect(readableOnWhite(undefined)).toBeUndefined()
  })
})
