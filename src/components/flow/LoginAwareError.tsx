import { Button } from 'antd-mobile'
import { useLocation } from 'react-router-dom'
import { EmptyView, ErrorView } from '../StatusViews'
import { GoButton } from '../navigation/GoButton'
import { useAppNavigate } from '../navigation/useAppNavigate'
import { describeError, HttpError } from '../../lib/request'
import { loginPathFor } from '../navigation/appPath'

/** Where a 404 sends the user: the list the missing thing belongs to (a feature's paths.ts names it). */
export interface WayBack {
  to: string
  label: string
}

/** ErrorView that turns a 401 into a 去登录 button returning here after login, and a 404 into the way back. */
export function LoginAwareError({
  error,
  onRetry,
  back,
}: {
  error: unknown
  onRetry?: () => void
  back: WayBack
}) {
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
        <GoButton to={back.to}>{back.label}</GoButton>
      </EmptyView>
    )
  }
  return <ErrorView error={error} onRetry={onRetry} />
}
