import { useNavigation } from 'react-router-dom'
import { DelayedFallback } from '../../components/DelayedFallback'

/** While the next screen's chunk loads, the current one stays and the placeholder shows after 200 ms. */
export function NavigationPending() {
  const navigation = useNavigation()
  if (navigation.state !== 'loading') return null
  return (
    <div className="navigation-pending">
      <DelayedFallback />
    </div>
  )
}
