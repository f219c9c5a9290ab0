import type { Locator } from '@playwright/test'
import { expect } from './test'

// The studio's antd dialogs, drawers and popconfirms open with a motion: a class `…-appear`/`…-enter` (with
// `-prepare`, `-start`, `-active`) on the overlay while it runs. Its first frames show the box at full size, so
// Playwright may find the button stable and, by the time it clicks, the motion has scaled the box down from the
// pointer: the click lands on the mask, which closes the dialog instead (the likely cause of a publish that never
// went out, seen on a busy machine). A person taps what has finished opening; so do the tests.

const OPENING = /-(appear|enter)(-|\s|$)/

/** Clicks `target` once no overlay around it is still opening. */
export async function clickSettled(target: Locator): Promise<void> {
  await expect(target).toBeVisible()
  await expect
    .poll(() =>
      target.evaluate((element, opening) => {
        const pattern = new RegExp(opening)
        for (let node: Element | null = element; node; node = node.parentElement)
          if (pattern.test(node.getAttribute('class') ?? '')) return 'opening'
        return 'open'
      }, OPENING.source),
    )
    .toBe('open')
  await target.click()
}
