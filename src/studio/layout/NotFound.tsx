import { Button, Result } from 'antd'
import { useNavigate } from 'react-router-dom'

export function NotFound() {
  const navigate = useNavigate()
  return (
    <Result
      status="404"
      title="页面不存在"
      subTitle="这个地址在工作台里没有对应的内容。"
      extra={
        <Button type="primary" onClick={() => navigate('/')}>
          返回页面列表
        </Button>
      }
    />
  )
}
