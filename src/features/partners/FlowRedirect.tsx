import { Navigate, useLocation } from 'react-router-dom'
import { withLayoutPrefix } from '../../components/navigation/appPath'
import { flowOfPath } from './flow'
import { flowStepPath } from './paths'

/** /huaTaiApi (and the other parents): straight on to the first child, keeping the query string. */
export default function FlowRedirect() {
  const { pathname, search } = useLocation()
  const flow = flowOfPath(pathname) ?? 'huatai'
  return (
    <Navigate replace to={withLayoutPrefix(`${flowStepPath(flow, 'productDetails')}${search}`, pathname)} />
  )
}
