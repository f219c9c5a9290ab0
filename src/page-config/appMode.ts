// The server's run mode, told to the page in its HTML (server/app.ts, server/platform/screenRendering.ts): a
// <meta> in <head>, and in demo mode the 演示环境 strip first in <body>, so the strip shows with the first paint
// (it used to join once the page had hydrated and asked /api/health, moving the whole page down by its height) and
// no page view asks the server for its mode. HTML served by something else (Vite's dev server) says nothing: the
// page then asks /api/health (src/features/member/DemoBadge.tsx).

export const APP_MODE_META = 'app-mode'
/** The element first in <body> that holds the strip (src/features/member/user.css). */
export const DEMO_STRIP_CLASS = 'demo-strip'
export const DEMO_STRIP_HTML =
  '<div class="demo-badge" role="note" aria-label="演示环境：数据均为虚构" data-testid="demo-badge">' +
  '<strong>演示环境</strong><span class="demo-badge-note">数据均为虚构，不产生真实交易</span></div>'

/** A page's HTML with the server's mode in it (`mode` is the server's own setting, a plain word). */
export function withAppMode(html: string, mode: 'demo' | 'production'): string {
  const told = html.replace('</head>', `<meta name="${APP_MODE_META}" content="${mode}" /></head>`)
  return mode === 'demo'
    ? told.replace(/<body([^>]*)>/, `<body$1><div class="${DEMO_STRIP_CLASS}">${DEMO_STRIP_HTML}</div>`)
    : told
}

/** The mode the page's HTML says, or null when it says none. */
export function servedAppMode(doc: Document): string | null {
  return doc.querySelector<HTMLMetaElement>(`meta[name="${APP_MODE_META}"]`)?.content ?? null
}
