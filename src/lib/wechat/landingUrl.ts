// WeChat on iOS signs JS-SDK configs against the URL the tab was opened at, whatever the page's own URL became
// since (history.pushState). The first URL is kept for the one retry that needs it (shareCards.ts).

let landing: string | null = null

/** Keeps the URL this tab was opened at (without #); only the first call counts. */
export function rememberLandingUrl(href: string): void {
  landing ??= href.split('#')[0]
}

export function landingUrl(): string | null {
  return landing
}

/** Forgets the first URL (tests). */
export function forgetLandingUrl(): void {
  landing = null
}
