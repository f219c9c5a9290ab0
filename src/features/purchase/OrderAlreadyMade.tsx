import { Button } from 'antd-mobile'
import { useOrder } from '../orders/api'
import { useAppNavigate } from '../../components/navigation/useAppNavigate'
import { isPayable } from '../../domain/order'
import { Outcome } from './Outcome'
import { orderDetailHref } from '../orders/paths'
import { payOrderHref } from './paths'

/** A purchase step reached again after its order exists: the order is the way on (去支付 or 查看订单). */
export function OrderAlreadyMade({ orderId }: { orderId: string }) {
  const navigate = useAppNavigate()
  const order = useOrder(orderId).data
  const payable = order ? isPayable(order.status) : false
  return (
    <Outcome
      status="info"
      title="该投保申请已生成订单"
      description={payable ? '订单待支付，请在有效期内完成支付' : undefined}
    >
      {payable && (
        <Button
          block
          color="primary"
          onClick={() =>
            navigate(payOrderHref({ id: orderId, premiumFen: order?.premiumFen }), { replace: true })
          }
        >
          去支付
        </Button>
      )}
      <Button
        block
        style={{ marginTop: 12 }}
        onClick={() => navigate(orderDetailHref(orderId), { replace: true })}
      >
        查看订单
      </Button>
    </Outcome>
  )
}
