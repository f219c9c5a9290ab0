// Leaving the app's document for another one (WeChat's authorization, WeChat's H5 cashier, a reload after a
// login). One place, so tests can watch where a page went (jsdom's location cannot be spied on).
export const documentNavigation = {
  assign(url: string): void {
    window.location.assign(url)
  },
  replace(url: string): void {
    window.location.replace(url)
  },
  /**
   * Goes to another site telling it this site's origin (the Referer header). The mall's pages send no Referer to
   * other sites (Referrer-Policy: same-origin), but WeChat's H5 cashier refuses a payment whose Referer is not the
   * merchant's registered domain; only the origin is sent, never the page's path or query.
   */
  assignSendingOrigin(url: string): void {
    const link = document.createElement('a')
    link.href = url
    link.referrerPolicy = 'origin'
    link.style.display = 'none'
    document.body.appendChild(link)
    link.click()
    link.remove()
  },
}
