import { useEffect } from 'react'
import { useLocation, useNavigate } from 'react-router-dom'
import { withLayoutPrefix } from '../../components/navigation/appPath'
import { flowOfPath } from './flow'
import { flowStepPath } from './paths'
import ProductDetailsPage from './ProductDetailsPage'

// It shows the first step's screen, with that screen's data.
export { loader } from './ProductDetailsPage'

/**
 * /huaTaiApi (and the other parents): shows the first child at once (also when rendered on the server, where a
 * redirect cannot happen) and then puts the child's path in the address bar, keeping the query string.
 */
export default function FlowRedirect() {
  const { pathname, search } = useLocation()
  const navigate = useNavigate()
  useEffect(() => {
    const flow = flowOfPath(pathname) ?? 'huatai'
    void navigate(withLayoutPrefix(`${flowStepPath(flow, 'productDetails')}${search}`, pathname), {
      replace: true,
    })
  }, [navigate, pathname, search])
  return <ProductDetailsPage />
}
