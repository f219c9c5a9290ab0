import { useCallback } from 'react'
import { useLocation, useNavigate, type NavigateOptions } from 'react-router-dom'
import { goBack, withLayoutPrefix } from './appPath'

/** navigate() that keeps the user inside the root layout they are in (main or /app). */
export function useAppNavigate() {
  const navigate = useNavigate()
  const { pathname } = useLocation()
  return useCallback(
    (to: string | number, options?: NavigateOptions) => {
      if (typeof to === 'number') return void navigate(to)
      return void navigate(withLayoutPrefix(to, pathname), options)
    },
    [navigate, pathname],
  )
}

/** Back, or home when there is no in-app history to go back to (opened from a link). */
export function useGoBack() {
  const navigate = useAppNavigate()
  return useCallback(() => goBack(navigate), [navigate])
}
