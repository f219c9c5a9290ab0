import { Button, ErrorBlock } from 'antd-mobile'
import { useAppNavigate } from '../../components/navigation/useAppNavigate'

export function NotFoundScreen() {
  const navigate = useAppNavigate()
  return (
    <div className="screen-center" data-testid="not-found">
      <ErrorBlock status="empty" title="页面不存在" description="您访问的页面不存在或已下线">
        <Button color="primary" onClick={() => navigate('/', { replace: true })}>
          返回首页
        </Button>
      </ErrorBlock>
    </div>
  )
}

export default NotFoundScreen
