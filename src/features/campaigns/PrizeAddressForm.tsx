import { useState } from 'react'
import { Button, Form, Input, TextArea } from 'antd-mobile'
import { RecipientFields } from '../../components/RecipientFields'
import { toast } from '../../components/notice'
import { apiErrorOf, describeError } from '../../lib/request'
import { givePrizeAddress, type Prize, type PrizeAddress } from './api'

/** The delivery address of one prize: given once, checked here as the server checks it. */
export default function PrizeAddressForm({
  prize,
  onSaved,
}: {
  prize: Prize
  onSaved: () => Promise<unknown>
}) {
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
