import { createContext, useContext } from 'react'

export interface HostNavigateOptions {
  replace?: boolean
}

/**
 * Where a config page is and how it leaves it. The app's router gives this for pages it renders; the light
 * shell (src/app/configShell) gives it for a config page opened directly, without loading the router.
 */
export interface PageHost {
  /** Router pathname: below the basename, with the /app prefix when inside the in-app layout. */
  pathname: string
  search: string
  params: Readonly<Record<string, string | undefined>>
  /** In-site navigation; a path stays inside the current root layout, a number moves through history. */
  navigate: (to: string | number, options?: HostNavigateOptions) => void
}

export const PageHostContext = createContext<PageHost | null>(null)

export function usePageHost(): PageHost {
  const host = useContext(PageHostContext)
  if (!host) throw new Error('A config page rendered outside a page host')
  return host
}
