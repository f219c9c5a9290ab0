import { useState } from 'react'
import { Button, Form, Input, TextArea } from 'antd-mobile'
import { RecipientFields } from '../../components/RecipientFields'
import { EmptyView, LoadingView } from '../../components/StatusViews'
import { LoginAwareError } from '../../components/flow/LoginAwareError'
import { toast } from '../../components/notice'
import { maskPhone } from '../../domain/phone'
import { formatShanghaiDateTime } from '../../domain/dates'
import { apiErrorOf, describeError } from '../../lib/request'
import { backToUser } from '../member/paths'
import { givePrizeAddress, usePrizes, type Prize, type PrizeAddress } from './api'
import './coupons.css'

/** The delivery address of one prize: given once, checked here as the server checks it. */
function AddressForm({ prize, onSaved }: { prize: Prize; onSaved: () => Promise<unknown> }) {
  const [form] = Form.useForm<PrizeAddress>()
  const [busy, setBusy] = useState(false)

  async function save(values: PrizeAddress) {
    setBusy(true)
    try {
      await givePrizeAddress(prize.id, {
        name: values.name.trim(),
        phone: values.phone.trim(),
        region: values.region.trim(),
        detail: values.detail.trim(),
      })
      toast('success', '地址已提交，礼品将尽快寄出')
      await onSaved()
    } catch (error) {
      const field = apiErrorOf(error)?.details?.[0] as { field?: string; message?: string } | undefined
      if (field?.field && field.message)
        form.setFields([{ name: field.field as keyof PrizeAddress, errors: [field.message] }])
      toast('error', describeError(error))
    } finally {
      setBusy(false)
    }
  }

  return (
    <Form
      form={form}
      layout="horizontal"
      onFinish={(values) => void save(values)}
      footer={
        <Button block type="submit" color="primary" loading={busy} disabled={busy}>
          提交收货地址
        </Button>
      }
    >
      <RecipientFields />
      <Form.Item
        name="region"
        label="所在地区"
        rules={[
          { required: true, whitespace: true, message: '请填写所在地区' },
          { min: 2, message: '请填写所在地区' },
        ]}
      >
        <Input placeholder="省、市、区" maxLength={40} aria-label="所在地区" />
      </Form.Item>
      <Form.Item
        name="detail"
        label="详细地址"
        rules={[
          { required: true, whitespace: true, message: '请填写详细地址' },
          { min: 5, message: '请填写详细地址（至少5个字）' },
        ]}
      >
        <TextArea placeholder="街道、门牌号" maxLength={120} rows={2} aria-label="详细地址" />
      </Form.Item>
    </Form>
  )
}

/** /prizes (我的奖品): physical prizes won in campaigns; each waits for its delivery address, given once. */
export default function PrizesPage() {
  const prizes = usePrizes()
  if (prizes.error)
    return <LoginAwareError back={backToUser} error={prizes.error} onRetry={() => void prizes.mutate()} />
  if (!prizes.data) return <LoadingView lines={6} />
  const items = prizes.data.items
  if (items.length === 0)
    return <EmptyView title="还没有实物奖品" description="参加活动抽中的实物礼品会在这里填写收货地址" />
  return (
    <div className="coupons-page" data-testid="prizes-page">
      <ul className="coupon-list">
        {items.map((prize) => (
          <li key={prize.id} className="prize-card" data-testid="prize-card">
            <div className="coupon-card-head">
              <strong>{prize.name}</strong>
              <span className="coupon-card-status">{prize.address ? '待发货' : '待填写地址'}</span>
            </div>
            <p className="coupon-card-benefit">{prize.description}</p>
            <p className="coupon-card-muted">
              来自“{prize.campaignTitle}”，{formatShanghaiDateTime(prize.createdAt)} 获得
            </p>
            {prize.address ? (
              <p className="prize-address" data-testid="prize-address">
                {prize.address.name} {maskPhone(prize.address.phone)}
                <br />
                {prize.address.region}
                {prize.address.detail}
              </p>
            ) : (
              <AddressForm prize={prize} onSaved={() => prizes.mutate()} />
            )}
          </li>
        ))}
      </ul>
      <p className="coupon-note">收货地址提交后不能修改，请仔细核对；礼品将在7个工作日内寄出。</p>
    </div>
  )
}
