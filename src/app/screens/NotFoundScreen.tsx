import { Button } from 'antd-mobile'
import { SearchOutline } from 'antd-mobile-icons'
import { useAppNavigate } from '../../components/navigation/useAppNavigate'
import { ScreenMessage } from './ScreenMessage'

export function NotFoundScreen() {
  const navigate = useAppNavigate()
  return (
    <ScreenMessage
      icon={<SearchOutline />}
      title="页面不存在"
      description="您访问的页面不存在或已下线"
      testId="not-found"
    >
      <Button color="primary" onClick={() => navigate('/', { replace: true })}>
        返回首页
      </Button>
    </ScreenMessage>
  )
}
