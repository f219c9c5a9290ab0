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
}

/** What a layout reads from a matched route's `handle`. */
export interface RouteHandle {
  title: string
  tab?: boolean
  /** The screen's route path (absent on the layouts and the not-found route). */
  path?: string
}
