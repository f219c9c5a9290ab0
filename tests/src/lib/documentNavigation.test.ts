import { afterEach, describe, expect, it, vi } from 'vitest'
import { documentNavigation } from '../../../src/lib/documentNavigation'

// WeChat's H5 cashier checks the Referer against the merchant's domain, while the mall's pages send none to other
// sites: the one navigation there sends the origin, and only the origin.

afterEach(() => vi.restoreAllMocks())

describe('documentNavigation.assignSendingOrigin', () => {
  it("follows a link whose referrer policy sends this site's origin", () => {
    const followed: { href: string; policy: string }[] = []
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      followed.push({ href: this.href, policy: this.referrerPolicy })
    })
    const url = 'https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb?prepay_id=wx1&package=2&redirect_url=x'
    documentNavigation.assignSendingOrigin(url)
    expect(followed).toEqual([{ href: url, policy: 'origin' }])
    expect(document.querySelector('a')).toBeNull()
  })
})
