import { Button } from 'antd-mobile'

/**
 * A request of the screen failed (often the network): said above what the screen still shows, with 重试. Plain
 * markup and no lazy part, so it shows offline too.
 */
export function RetryNotice({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <div className="purchase-notice retry-notice" role="alert">
      <span>{message}</span>
      {onRetry && (
        <Button size="small" color="primary" fill="outline" onClick={onRetry}>
          重试
        </Button>
      )}
    </div>
  )
}
