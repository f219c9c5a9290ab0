import { unstable_serialize, type Key, type Middleware } from 'swr'
import { useHydrating } from '../../components/prerender'
import type { DataLoad } from '../../types/route'

// A server-rendered page's data. SWR never fetches on the server, it only reads `fallback`: a screen's loader
// loads its data before its one render (src/app/ssr/renderScreen.tsx), and the render records what the hooks
// asked for, to hold the loader to it; a config page's blocks are loaded as they ask (configShell/prerender.tsx).
// The browser hydrates with the same fallback (src/main.tsx).

type Fetch = (key: unknown) => unknown

/**
 * How useSWRInfinite keys its list of pages: its prefix before the first page's key (swr/infinite's
 * unstable_serialize, not imported so that swr/infinite stays with the lists that use it; a test holds them equal).
 */
export const infiniteKey = (firstPage: Key) => `$inf$${unstable_serialize(firstPage)}`

/**
 * A render's data, loaded as its loaders ask (the server's: in-process, as the request's visitor, within the
 * render's budget; src/app/ssr/renderScreen.tsx).
 */
export interface DataSession {
  load: DataLoad
  /** Once every piece asked for has come, failed or was late: what came (by fallback key) and every key asked. */
  settled(): Promise<{ loaded: Record<string, unknown>; asked: Set<string> }>
}

/** What a render's hooks asked for that its loaders did not load, and what they loaded for nothing. */
export function loaderCheck(wanted: ReadonlySet<string>, asked: ReadonlySet<string>) {
  return {
    undeclared: [...wanted].filter((key) => !asked.has(key)),
    unused: [...asked].filter((key) => !wanted.has(key)),
  }
}

/** The `fallback` key of what a hook asks for (SWR's serialized key); null when it asks for nothing. */
export function wantedKey(key: Key, fetcher: Fetch | null): string | null {
  if (!fetcher) return null
  let resolved: unknown = key
  if (typeof key === 'function') {
    try {
      // useSWRInfinite's getKey takes (index, previous page); its fallback holds the list of pages.
      if (key.length >= 1) {
        const first = (key as (index: number, previous: null) => Key)(0, null)
        return first ? infiniteKey(first) : null
      }
      resolved = key()
    } catch {
      return null
    }
  }
  return resolved ? unstable_serialize(resolved) : null
}

/**
 * SWR middleware for a server-rendered screen, on the server and while the browser hydrates it: a hook whose
 * data came with the HTML shows it at once (SWR would call it loading until it asked again) and does not ask
 * again on mount, since the data is as fresh as the HTML; later mounts revalidate as usual. `record`: on the
 * server, told what each hook asks for.
 */
export function serverRenderedData(
  fallback: Record<string, unknown>,
  record?: (key: string) => void,
): Middleware {
  return (useSWRNext) => (key, fetcher, config) => {
    const hydrating = useHydrating()
    const wanted = hydrating ? wantedKey(key, fetcher as Fetch | null) : null
    if (wanted !== null) record?.(wanted)
    const served = wanted !== null && wanted in fallback
    return useSWRNext(key, fetcher, served ? { ...config, revalidateOnMount: false } : config)
  }
}
