import { Button } from 'antd-mobile'
import { useAppNavigate } from './useAppNavigate'

/** The way on from an empty or missing screen (去商城, 返回我的订单…): one tap to where the text points. */
export function GoButton({ to, children }: { to: string; children: string }) {
  const navigate = useAppNavigate()
  return (
    <Button color="primary" size="small" onClick={() => navigate(to, { replace: true })}>
      {children}
    </Button>
  )
}
