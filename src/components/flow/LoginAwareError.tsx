import { Button } from 'antd-mobile'
import { useLocation } from 'react-router-dom'
import { EmptyView, ErrorView } from '../StatusViews'
import { GoButton } from '../navigation/GoButton'
import { useAppNavigate } from '../navigation/useAppNavigate'
import { describeError, HttpError } from '../../lib/request'
import { loginPathFor } from '../navigation/appPath'

/** ErrorView that turns a 401 into a 去登录 button returning here after login, and a 404 into the way back. */
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
  if (error instanceof HttpError && error.status === 404) {
    // A missing order, policy or application: say what is missing, and the way back.
    return (
      <EmptyView title={describeError(error)} description="它可能已被删除，或链接有误">
        <GoButton to={pathname.startsWith('/policy') ? '/policy' : '/orders'}>
          {pathname.startsWith('/policy') ? '返回我的保单' : '返回我的订单'}
        </GoButton>
      </EmptyView>
    )
  }
  return <ErrorView error={error} onRetry={onRetry} />
}
