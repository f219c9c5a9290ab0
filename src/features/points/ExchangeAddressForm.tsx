import { useState } from 'react'
import { Button, Form, TextArea } from 'antd-mobile'
import { useSWRConfig } from 'swr'
import { RecipientFields } from '../../components/RecipientFields'
import { toast } from '../../components/notice'
import { Dialog } from '../../components/dialog'
import { describeError } from '../../lib/request'
import {
  cancelExchange,
  exchangeKey,
  exchangesKey,
  giftsKey,
  pointsKey,
  shipExchange,
  type AddressInput,
  type Exchange,
} from './api'

/**
 * A physical gift's delivery address, or cancelling the exchange (积分 back). Loaded only for an exchange that
 * waits for its address: antd-mobile's Form is about 35 KiB gzip the detail view otherwise does without.
 */
export default function ExchangeAddressForm({ exchange }: { exchange: Exchange }) {
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
