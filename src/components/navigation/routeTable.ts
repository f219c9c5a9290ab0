import { createContext } from 'react'
import type { RouteObject } from 'react-router-dom'

/**
 * The app's route table (src/app/router.tsx gives it), for what must know whether a screen exists without
 * importing src/app (docs/architecture.md): useHasRoute.
 */
export const RouteTableContext = createContext<RouteObject[] | null>(null)
