import type { ScreenRoute } from '../../types/route'

// Pages that are not in the repository: those published through the studio (/activity/{id}, served from the
// API) and the studio's preview frame. Kept out of the screen table (src/app/routes.ts): `/activity/:id` would
// otherwise collide with every folder config under /activity and every id the server checks; the router ranks
// fixed paths first, so folder configs (/activity/worldcup) and screens (/activity/fairness) win.

export const PUBLISHED_PAGE_PATH = '/activity/:id'
export const STUDIO_PREVIEW_PATH = '/studio-preview'

export const publishedPageHref = (id: string) => `/activity/${encodeURIComponent(id)}`

export const publishedRoutes: ScreenRoute[] = [
  {
    path: PUBLISHED_PAGE_PATH,
    title: '活动',
    sameForEveryone: true,
    load: () => import('./PublishedPageScreen'),
  },
  { path: STUDIO_PREVIEW_PATH, title: '页面预览', load: () => import('./StudioPreviewScreen') },
]
