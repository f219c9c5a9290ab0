import type { ComponentType } from 'react'
import type { Key } from 'swr'
import type { SwrKey } from '../lib/request/swr'

/** Where a screen is opened: what its loader reads to name its data. */
export interface ScreenLocation {
  /** The path below the basename (/app/… in the app's frame). */
  pathname: string
  /** The route's path parameters, decoded. */
  params: Readonly<Record<string, string | undefined>>
  search: URLSearchParams
  /** Whether a visitor is logged in: a screen's own data (orders, points) is asked for only then. */
  loggedIn: boolean
}

/**
 * Loads one piece of a screen's data, keyed exactly as the screen's SWR hook keys it, and resolves to it (data
 * that needs other data awaits that first). The server renders the screen with what came (src/app/ssr/
 * renderScreen.tsx); in the browser a navigation starts the same requests as the screen's code arrives.
 */
export interface DataLoad {
  /** What `useSWR(key)` shows, with the app's fetcher (a GET of the key's URL and query). */
  <T>(key: SwrKey): Promise<T>
  /** What `useSWR(key, fetch)` shows, a hook with its own fetcher. */
  <T>(key: Key, fetch: () => Promise<T>): Promise<T>
  /** The first page of `useSWRInfinite(getKey)`, whose first page's key is `firstPage`. */
  pages<T>(firstPage: SwrKey): Promise<T>
}

/**
 * A screen's data, declared with its route (a screen module's `loader` export): every piece its first render
 * shows, given where it is opened. A render asks nothing of the hooks: what the loader did not load shows
 * loading in the HTML, and a test renders every screen to hold each loader to its screen's hooks.
 */
export type ScreenLoader = (at: ScreenLocation, load: DataLoad) => unknown

/** A screen module: its default export is the screen component, and `loader` its data. */
export type ScreenModule = { default: ComponentType; loader?: ScreenLoader }

/** One entry of the route table. Paths are absolute and match exactly. */
export interface ScreenRoute {
  path: string
  /** Chinese title, applied to document.title on every route change. */
  title: string
  load: () => Promise<ScreenModule>
  /** Top-level tab screen: shows the TabBar and no back arrow. */
  tab?: boolean
  /**
   * The same HTML for every visitor (a catalog or campaign screen, the launch traffic): the server renders it once
   * for everyone and keeps it, a logged-in visitor gets that render too, and their own data (login state, what
   * they may do) comes from the API once it shows. Screens of someone's own things leave it unset.
   */
  sameForEveryone?: boolean
}

/** What a layout reads from a matched route's `handle`. */
export interface RouteHandle {
  title: string
  tab?: boolean
  /** The screen's route path (absent on the layouts and the not-found route). */
  path?: string
}
