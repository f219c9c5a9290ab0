import type { Page } from '@playwright/test'

// Layout shift as the page reports it (PerformanceObserver 'layout-shift', shifts after input excluded), summed
// over the page's life: call recordLayoutShift before the navigation, layoutShift after it.

export async function recordLayoutShift(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { layoutShift: number }
    w.layoutShift = 0
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number
        hadRecentInput: boolean
      })[])
        if (!entry.hadRecentInput) w.layoutShift += entry.value
    }).observe({ type: 'layout-shift', buffered: true })
  })
}

export function layoutShift(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { layoutShift: number }).layoutShift)
}
