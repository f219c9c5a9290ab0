import { useSnapshot } from 'valtio'
import { useHydrating } from '../../components/prerender'
import { nativeStore } from '../../state/native'

/**
 * Inside the company's app its own title bar shows the screen's title: the NavBar is not drawn. HTML rendered
 * before the page ran (and its hydration) has it, hidden by CSS there (html[data-in-app]); the render after
 * hydration drops it.
 */
export function useHostTitleBar(): boolean {
  const { isInApp } = useSnapshot(nativeStore.state)
  const hydrating = useHydrating()
  return isInApp && !hydrating
}
