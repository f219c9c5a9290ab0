import { Button } from 'antd-mobile'
import { useLocation } from 'react-router-dom'
import { ErrorView } from '../../components/StatusViews'
import { useAppNavigate } from '../../components/navigation/useAppNavigate'
import { HttpError } from '../../lib/request'
import { loginPathFor } from '../../components/navigation/appPath'

/** ErrorView that turns a 401 into a 去登录 button returning here after login. */
export function LoginAwareError({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const navigate = useAppNavigate()
  const { pathname, search } = useLocation()
  if (error instanceof HttpError && error.status === 401) {
    return (
      <div className="purchase-login-required">
        <ErrorView error={error} />
        <Button block color="primary" onClick={() => navigate(loginPathFor(`${pathname}${search}`))}>
          去登录
        </Button>
      </div>
    )
  }
  return <ErrorView error={error} onRetry={onRetry} />
}
