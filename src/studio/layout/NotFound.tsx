import { Button, Result } from 'antd'
import { useNavigate } from 'react-router-dom'
import { studioPaths } from '../paths'
import { homePathOf, useStaff } from '../session'

export function NotFound() {
  const navigate = useNavigate()
  const home = homePathOf(useStaff())
  return (
    <Result
      status="404"
      title="页面不存在"
      subTitle="这个地址在工作台里没有对应的内容。"
      extra={
        <Button type="primary" onClick={() => navigate(home)}>
          {home === studioPaths.compliance ? '返回销售过程回溯' : '返回页面列表'}
        </Button>
      }
    />
  )
}
