import { createContext } from 'react'
import type { RouteObject } from 'react-router-dom'

/**
 * The app's route table (src/app/router.tsx gives it): the layouts read the matched route's title and tab from it
 * (useRouteChrome), and what must know whether a screen exists without importing src/app
 * (docs/architecture.md) asks it (useHasRoute).
 */
export const RouteTableContext = createContext<RouteObject[] | null>(null)
