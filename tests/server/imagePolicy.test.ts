import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MEDIA_HOST_ALLOWLIST } from '../../src/page-config/allowedUrls'
import { createTestApp, type TestApp } from './helpers'

// Where a page may load images and videos from, as the browser is told (Content-Security-Policy): our own origin
// and the media hosts of src/page-config/allowedUrls.ts, not every https host. Everything the demo shows stays
// inside that.

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
}, 120_000)
afterAll(async () => {
  await t?.close()
})

async function directives(url: string): Promise<Map<string, string[]>> {
  const res = await t.app.inject({ method: 'GET', url })
  const csp = String(res.headers['content-security-policy'])
  return new Map(
    csp.split(';').map((d) => {
      const [name, ...sources] = d.trim().split(/\s+/)
      return [name, sources]
    }),
  )
}

describe('Content-Security-Policy: images and videos', () => {
  it('img-src is our origin, data:, blob: and exactly the allowed media hosts', async () => {
    const media = MEDIA_HOST_ALLOWLIST.map((host) => `https://${host}`)
    for (const url of ['/', '/activity/spring-health', '/travelSafely']) {
      const policy = await directives(url)
      expect(policy.get('img-src'), url).toEqual(["'self'", 'data:', 'blob:', ...media])
      expect(policy.get('media-src'), url).toEqual(["'self'", ...media])
    }
  })

  it('every image of the demo data is a path of our own', async () => {
    const db = t.db.db
    const images = [
      ...(await db.selectFrom('products').select('image as src').execute()),
      ...(await db.selectFrom('insurers').select('logo as src').execute()),
      ...(await db.selectFrom('categories').select('icon as src').execute()),
      ...(await db.selectFrom('content_articles').select('cover as src').execute()),
      ...(await db.selectFrom('gifts').select('image as src').execute()),
      ...(await db.selectFrom('consultants').select('photo as src').execute()),
    ].map((row) => row.src)
    expect(images.length).toBeGreaterThan(20)
    for (const src of images) expect(src, src).toMatch(/^\/(?![/\\])/)
  })

  it("the video block's own pattern names only allowed media hosts", () => {
    const video = JSON.parse(
      readFileSync(join(import.meta.dirname, '../../src/blocks/video/schema.json'), 'utf8'),
    ) as { properties: { src: { pattern: string } } }
    const hosts = [...video.properties.src.pattern.matchAll(/https:\/\/((?:[a-z0-9-]+\\\.)+[a-z]+)/g)].map(
      (m) => m[1].replace(/\\/g, ''),
    )
    expect(hosts.length).toBeGreaterThan(0)
    for (const host of hosts) expect(MEDIA_HOST_ALLOWLIST).toContain(host)
  })
})
