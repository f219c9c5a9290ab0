import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import castCurrent from '../../../page-configs/manualactivity/castCurrent.json'
import eduFund from '../../../page-configs/manualactivity/eduFund.json'
import type { Block } from '../../types/generated/page'
import { categoryTicks, textWidth, valueAxis } from './chartScale'
import { renderBlocks } from '../../../tests/src/blocks/renderBlocks'

const FONT_SIZE = 11
const blockOf = (config: { blocks: unknown[] }, type: string) =>
  config.blocks.find((b) => (b as { type: string }).type === type) as Block

/** The chart the block drew: its width and its bottom (category) and left (value) labels with their boxes. */
async function drawnChart() {
  const svg = await screen.findByTestId('line-chart')
  const width = Number(svg.getAttribute('viewBox')?.split(' ')[2])
  const box = (t: Element) => {
    const w = textWidth(t.textContent ?? '', Number(t.getAttribute('font-size')))
    const x = Number(t.getAttribute('x'))
    const anchor = t.getAttribute('text-anchor')
    const left = anchor === 'end' ? x - w : anchor === 'middle' ? x - w / 2 : x
    return { text: t.textContent ?? '', left, right: left + w }
  }
  return {
    width,
    x: [...svg.querySelectorAll('text.blk-chart-x')].map(box),
    y: [...svg.querySelectorAll('text.blk-chart-y')].map((t) => t.textContent ?? ''),
  }
}

function expectApartAndInside(labels: { left: number; right: number }[], width: number) {
  labels.forEach((label, i) => {
    expect(label.left).toBeGreaterThanOrEqual(0)
    expect(label.right).toBeLessThanOrEqual(width)
    if (i > 0) expect(label.left).toBeGreaterThan(labels[i - 1].right)
  })
}

describe('chart layout', () => {
  const ages = Array.from({ length: 27 }, (_, i) => `${i + 4}岁`)

  it('thins category labels to what fits: first and last shown, none touching, all inside', () => {
    for (const width of [240, 320, 360]) {
      const x = (i: number) => 30 + (i * (width - 44)) / (ages.length - 1)
      const ticks = categoryTicks(ages, x, width, FONT_SIZE)
      expect(ticks[0].index).toBe(0)
      expect(ticks[ticks.length - 1].index).toBe(ages.length - 1)
      expect(ticks.length).toBeGreaterThan(2)
      expectApartAndInside(
        ticks.map((t) => ({ left: t.x - t.width / 2, right: t.x + t.width / 2 })),
        width,
      )
    }
  })

  it('keeps the first and last label inside the drawing even at the very edges', () => {
    const months = ['25-11', '25-12', '26-01']
    const ticks = categoryTicks(months, (i) => i * 100, 200, FONT_SIZE)
    expect(ticks.map((t) => t.index)).toEqual([0, 1, 2])
    expect(ticks[0].x - ticks[0].width / 2).toBeGreaterThanOrEqual(0)
    expect(ticks[2].x + ticks[2].width / 2).toBeLessThanOrEqual(200)
  })

  it('fits the value axis to the data with padding and round ticks instead of starting at 0', () => {
    const rates = [0.035, 0.035, 0.034, 0.033, 0.032, 0.031, 0.03]
    const axis = valueAxis(rates)
    expect(axis.lo).toBeGreaterThan(0.02)
    expect(axis.lo).toBeLessThan(0.03)
    expect(axis.hi).toBeGreaterThan(0.035)
    // The data fills at least half the height.
    expect((0.035 - 0.03) / (axis.hi - axis.lo)).toBeGreaterThanOrEqual(0.5)
    expect(axis.ticks[0]).toBe(axis.lo)
    expect(axis.ticks[axis.ticks.length - 1]).toBe(axis.hi)
    expect(axis.ticks.map((t) => (t * 100).toFixed(2))).toEqual(['2.80', '3.00', '3.20', '3.40', '3.60'])
  })

  it('never takes a non-negative axis below 0, and gives a flat series a band', () => {
    expect(valueAxis([19_000, 520_000]).lo).toBe(0)
    const flat = valueAxis([0.03, 0.03])
    expect(flat.lo).toBeLessThan(0.03)
    expect(flat.hi).toBeGreaterThan(0.03)
  })
})

describe('rate-history block (castCurrent)', () => {
  it('draws month labels that do not collide or leave the chart, on an axis fitted to the rates', async () => {
    renderBlocks([blockOf(castCurrent, 'rate-history')])
    const chart = await drawnChart()
    expect(chart.x[0].text).toBe('25-11')
    expect(chart.x[chart.x.length - 1].text).toBe('26-10')
    expectApartAndInside(chart.x, chart.width)
    expect(chart.y).not.toContain('0.00%')
    expect(chart.y[0]).toBe('2.80%')
  })
})

describe('calculator block (eduFund)', () => {
  it('draws age labels that do not run together (no "29岁30岁")', async () => {
    renderBlocks([blockOf(eduFund, 'calculator')])
    const chart = await drawnChart()
    expect(chart.x[chart.x.length - 1].text).toBe('30岁')
    expect(chart.x.map((l) => l.text)).not.toContain('29岁')
    expectApartAndInside(chart.x, chart.width)
    // Yuan on the value axis, in 万 from 10,000 on.
    expect(chart.y[0]).toBe('0')
    expect(chart.y.slice(1).every((label) => /^\d+(\.\d)?万$/.test(label))).toBe(true)
  })
})
