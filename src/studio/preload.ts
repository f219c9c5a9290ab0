// What the first screen needs, asked for before React renders: the session, and on a page's URL its draft and
// the page screen's chunk. Otherwise each waits for the one before it (session -> layout -> screen -> draft),
// about half a second at 4x CPU throttling (bench:studio).
import { mutate } from 'swr'
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
  // Asked alongside the session, not after it (the answer to the session waits behind the chunks' evaluation,
  // about 400 ms at 4x CPU throttling). Put in the screen's cache only when signed in: a refused answer kept for
  // the screen would greet the user again after logging in. In the cache, not SWR's preload: the screen's first
  // render then has the page (its working copy is made in that render, not in an effect and a second render),
  // and a preload left unused would answer a later revalidation with this old copy.
  const draft = studioApi.page(id)
  draft.catch(() => {})
  session.then(
    () => draft.then((page) => mutate(keys.page(id), page, { revalidate: false })).catch(() => {}),
    () => {},
  )
}
