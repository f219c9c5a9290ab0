import type { ComponentType } from 'react'

/** A screen module: its default export is the screen component. */
export type ScreenModule = { default: ComponentType }

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
