import { useCallback, useContext } from 'react'
import { matchRoutes } from 'react-router-dom'
import { RouteTableContext } from '../../components/navigation/routeTable'

/**
 * Whether the app's route table has a screen at a path (not only the catch-all 404), so an entry to a screen
 * that is not built yet is hidden instead of being a dead link. It reads the data router's own table (screens
 * and config pages alike): features may not import src/app (docs/architecture.md).
 */
export function useHasRoute(): (path: string) => boolean {
  const routes = useContext(RouteTableContext)
  return useCallback(
    (path: string) => {
      if (!routes) return false
      const matches = matchRoutes(routes, path.split(/[?#]/)[0])
      const deepest = matches?.[matches.length - 1]
      return deepest !== undefined && deepest.route.path !== '*'
    },
    [routes],
  )
}
