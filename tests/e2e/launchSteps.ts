import type { FrameLocator, Locator, Page } from '@playwright/test'
import sharp from 'sharp'
import { clickSettled } from './support/overlays'
import { expect } from './support/test'

// What the operations person of studio-launch.spec.ts does, counted: every click, drag, file picked and field
// typed (never a JSON text: `typed` keeps what was typed so the spec can say so), and the screenshots a step
// leaves in LAUNCH_SHOTS=<dir>.

export function person(page: Page) {
  const done = { clicks: 0, drags: 0, uploads: 0, typed: 0 }
  const typedTexts: string[] = []
  const shots = process.env.LAUNCH_SHOTS

  const click = async (target: Locator) => {
    done.clicks++
    await clickSettled(target)
  }
  const type = async (target: Locator, text: string) => {
    done.typed++
    typedTexts.push(text)
    await target.fill(text)
  }
  /** A time picker (+08:00 wall clock) typed as a person types it, confirmed with Enter. */
  const pickTime = async (target: Locator, text: string) => {
    done.typed++
    typedTexts.push(text)
    await target.click()
    await target.fill(text)
    await page.keyboard.press('Enter')
    await expect(page.locator('.ant-picker-dropdown:visible')).toHaveCount(0)
  }
  const upload = async (input: Locator, name: string, buffer: Buffer) => {
    done.uploads++
    await input.setInputFiles({ name, mimeType: 'image/png', buffer })
  }

  /** Drags a palette block onto the middle of the phone; the dropped block is then the selected one. */
  const dragIn = async (type: string, name: string) => {
    done.drags++
    const from = page.getByRole('group', { name: '区块面板' }).locator(`[data-block-type="${type}"]`)
    const to = page.locator('iframe[title="页面预览"]')
    await from.scrollIntoViewIfNeeded()
    const a = (await from.boundingBox())!
    const b = (await to.boundingBox())!
    await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2)
    await page.mouse.down()
    await page.mouse.move(a.x + a.width / 2 + 12, a.y + a.height / 2 + 12, { steps: 4 })
    // The middle of the phone (near its bottom edge the studio scrolls mid-drag and the drop is lost).
    await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 12 })
    await page.mouse.up()
    await expect(tree(page).locator('[role="treeitem"][aria-selected="true"]')).toHaveAttribute(
      'aria-label',
      new RegExp(`^${name} `),
    )
  }

  /** A screenshot of `of` (the studio by default) when LAUNCH_SHOTS is set. */
  const shot = async (name: string, of: Page = page, fullPage = false) => {
    if (shots) await of.screenshot({ path: `${shots}/${name}.png`, fullPage })
  }

  /** "44 actions (20 clicks, 5 drags, 3 uploads, 16 typed fields)". */
  const summary = () =>
    `${done.clicks + done.drags + done.uploads + done.typed} actions (${done.clicks} clicks, ${done.drags} drags, ${done.uploads} uploads, ${done.typed} typed fields)`

  return { done, typedTexts, click, type, pickTime, upload, dragIn, shot, summary }
}

export const phone = (page: Page): FrameLocator => page.frameLocator('iframe[title="页面预览"]')
export const tree = (page: Page) => page.getByRole('tree', { name: '区块树' })
export const fileInput = (page: Page) => page.locator('.studio-editor input[type="file"]')

/** A PNG as a person would pick it: a flat colour. */
export const png = (width: number, height: number, background: string) =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer()

/** Whether a text a person typed is JSON (an object or a list): the run must never need one. */
export function looksLikeJson(text: string): boolean {
  if (!/^\s*[[{]/.test(text)) return false
  try {
    JSON.parse(text)
    return true
  } catch {
    return /^\s*[[{][\s\S]*[\]}]\s*$/.test(text)
  }
}

/** "2026-11-25 13:30": a moment as the studio's pickers take it, on the Beijing (+08:00) wall clock. */
export const beijingMinute = (epochMs: number) =>
  new Date(epochMs + 8 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ')
