// What the first screen needs, asked for before React renders: the session, and on a page's URL its draft and
// the page screen's chunk. Otherwise each waits for the one before it (session -> layout -> screen -> draft),
// about half a second at 4x CPU throttling (bench:studio).
import { preload } from 'swr'
import { studioApi } from './api/endpoints'
import { keys } from './api/hooks'
import { studioBasename } from './paths'
import { requestSession } from './session'

export function preloadFirstScreen(pathname: string): void {
  const session = requestSession()
  const page = /^\/pages\/([^/]+)\/?$/.exec(pathname.slice(studioBasename().length))
  if (!page) {
    session.catch(() => {})
    return
  }
  const id = decodeURIComponent(page[1])
  void import('./page/PageScreen').catch(() => {})
  // Only when signed in: a refused answer kept for the screen would greet the user again after logging in.
  session.then(
    () => preload(keys.page(id), () => studioApi.page(id)).catch(() => {}),
    () => {},
  )
}
