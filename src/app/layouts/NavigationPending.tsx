import { DelayedFallback } from '../../components/DelayedFallback'
import { useScreenLoading } from '../screenLoading'

/** While the next screen's chunk loads, the current one stays and the placeholder shows after 200 ms. */
export function NavigationPending() {
  const loading = useScreenLoading()
  if (!loading) return null
  return (
    <div className="navigation-pending">
      <DelayedFallback />
    </div>
  )
}
