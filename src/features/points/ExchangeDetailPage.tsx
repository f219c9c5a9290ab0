import { useState } from 'react'
import { Button, Form, TextArea } from 'antd-mobile'
import { RecipientFields } from '../../components/RecipientFields'
import { useParams } from 'react-router-dom'
import { useSWRConfig } from 'swr'
import { LoadingView } from '../../components/StatusViews'
import { LoginAwareError } from '../../components/flow/LoginAwareError'
import { toast } from '../../components/notice'
import { Dialog } from '../../components/dialog'
import { formatShanghaiDateTime } from '../../domain/dates'
import { describeError } from '../../lib/request'
import {
  cancelExchange,
  exchangeKey,
  exchangesKey,
  giftsKey,
  pointsKey,
  shipExchange,
  useExchange,
  type AddressInput,
  type Exchange,
} from './api'
import { backToPoints } from './paths'
import { CURRENCY } from './currency'
import './points.css'

const STATUS = { AWAITING_ADDRESS: '待填写地址', FULFILLED: '已完成', CANCELLED: '已取消' } as const

/** /signIn/exchangeDetail/{id}: an exchange, its status and code; a physical gift's address form or cancel. */
export default function ExchangeDetailPage() {
  const { id } = useParams()
  const exchange = useExchange(id)
  if (exchange.error)
    return (
      <LoginAwareError back={backToPoints} error={exchange.error} onRetry={() => void exchange.mutate()} />
    )
  if (!exchange.data) return <LoadingView lines={5} />
  const e = exchange.data
  return (
    <div className="gift-page" data-testid="exchange-detail">
      <section className="points-card">
        <div className="exchange-status" data-testid="exchange-status">
          {STATUS[e.status]}
        </div>
        <h1 className="gift-name">{e.giftName}</h1>
        <dl className="gift-facts">
          <div>
            <dt>消耗</dt>
            <dd>
              {e.price} {CURRENCY[e.currency]}
            </dd>
          </div>
          <div>
            <dt>兑换时间</dt>
            <dd>{formatShanghaiDateTime(e.createdAt)}</dd>
          </div>
          {e.address && (
            <div>
              <dt>收货信息</dt>
              <dd>
                {e.address.name} {e.address.phone.replace(/^(\d{3})\d{4}(\d{4})$/, '$1****$2')}
                <br />
                {e.address.address}
              </dd>
            </div>
          )}
        </dl>
        {e.code && (
          <div className="exchange-code">
            <div className="points-card-note">兑换码</div>
            <strong data-testid="exchange-code">{e.code}</strong>
            <div className="points-card-note">
              {e.codeStatus === 'expired'
                ? '已过期'
                : e.codeValidTo
                  ? `有效期至 ${formatShanghaiDateTime(e.codeValidTo)}`
                  : '长期有效'}
              ，可在“我的券”中复制
            </div>
          </div>
        )}
        {e.status === 'FULFILLED' && e.kind === 'physical' && (
          <p className="points-card-note">礼品将在7个工作日内寄出。</p>
        )}
        {e.status === 'CANCELLED' && (
          <p className="points-card-note">已取消，{CURRENCY[e.currency]}已退回。</p>
        )}
      </section>
      {e.status === 'AWAITING_ADDRESS' && <AddressForm exchange={e} />}
    </div>
  )
}

function AddressForm({ exchange }: { exchange: Exchange }) {
  const [form] = Form.useForm<AddressInput>()
  const { mutate } = useSWRConfig()
  const [busy, setBusy] = useState(false)

  async function settle(action: () => Promise<Exchange>, done: string) {
    setBusy(true)
    try {
      await mutate(exchangeKey(exchange.id), await action(), { revalidate: false })
      await Promise.all([mutate(pointsKey), mutate(exchangesKey), mutate(giftsKey)])
      toast('success', done)
    } catch (error) {
      toast('error', describeError(error))
    } finally {
      setBusy(false)
    }
  }

  async function cancel() {
    const ok = await Dialog.confirm({
      content: '取消后积分将退回，确定取消兑换吗？',
      confirmText: '取消兑换',
      cancelText: '再想想',
    })
    if (ok) await settle(() => cancelExchange(exchange.id), '已取消兑换，积分已退回')
  }

  return (
    <section className="points-card">
      <div className="points-card-title">填写收货地址</div>
      <Form
        form={form}
        layout="horizontal"
        onFinish={(values) =>
          void settle(
            () => shipExchange(exchange.id, { ...values, phone: values.phone.trim() }),
            '已提交，礼品将尽快寄出',
          )
        }
        footer={
          <>
            <Button block type="submit" color="primary" loading={busy} disabled={busy}>
              确认地址
            </Button>
            <Button block fill="none" disabled={busy} onClick={() => void cancel()} style={{ marginTop: 8 }}>
              取消兑换
            </Button>
          </>
        }
      >
        <RecipientFields />
        <Form.Item
          name="address"
          label="收货地址"
          rules={[
            { required: true, whitespace: true, message: '请填写收货地址' },
            { min: 5, message: '请填写完整的收货地址' },
          ]}
        >
          <TextArea placeholder="省市区、街道、门牌号" maxLength={120} rows={2} aria-label="收货地址" />
        </Form.Item>
      </Form>
    </section>
  )
}
