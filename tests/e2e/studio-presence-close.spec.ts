import { HEARTBEAT_MS } from '../../src/studio/page/presenceTiming'
import { openStudioPage, staffHeaders, studioSignedIn } from './support/staff'
import { expect, test } from './support/test'

// Closing the studio tab drops the person from the others' header at once: the tab's `pagehide` sends a leave
// with navigator.sendBeacon (a one-time token from its last heartbeat stands in for the CSRF header), so the
// other person stops seeing 「… 正在编辑」 at their next heartbeat (5 s), not after the 45 s expiry.

test.use({ viewport: { width: 1440, height: 900 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1 })

const stamp = Date.now().toString(36).slice(-6)

test('B closes the tab: A stops seeing 「B 正在编辑」 by A’s next heartbeat, well before the 45 s expiry', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000)
  const id = `e2e-leaving-${stamp}`
  const made = await request.post('/api/studio/pages', {
    data: { id, title: '关闭标签页' },
    headers: await staffHeaders(request, 'editor'),
  })
  expect(made.status(), await made.text()).toBe(201)
  const [aContext, a] = await studioSignedIn(browser, 'editor')
  const [bContext, b] = await studioSignedIn(browser, 'publisher')
  try {
    await openStudioPage(b, id)
    await openStudioPage(a, id)
    const presence = a.getByTestId('presence')
    await expect(presence).toHaveText(/发布负责人 正在编辑/)
    // The tab closes as a person closes it (unload handlers run); the beacon is all that tells the server.
    await b.close({ runBeforeUnload: true })
    // Before the leave, B's row lives 45 s after B's last heartbeat (at least 30 s from now): A would see it
    // on its next beat. Now that beat (at most 5 s away) comes back without B.
    await expect(presence).toBeHidden({ timeout: HEARTBEAT_MS + 3_000 })
  } finally {
    await aContext.close()
    await bContext.close()
  }
})
