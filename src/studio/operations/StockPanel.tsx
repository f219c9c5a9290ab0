// 奖品库存: each prize's stock (the config's plus what was added here), what was given and what is left; a top-up
// asks for a reason, which goes into the audit log.
import { Alert, App, Button, Form, Input, InputNumber, Modal, Table } from 'antd'
import { useState } from 'react'
import { errorMessage } from '../api/client'
import { operationsApi, type OpsPrize } from '../api/operations'
import { usePrizes } from './hooks'

interface TopUpForm {
  add: number
  reason: string
}

export function StockPanel({ campaignId }: { campaignId: string }) {
  const { message } = App.useApp()
  const prizes = usePrizes(campaignId)
  const [target, setTarget] = useState<OpsPrize | null>(null)
  const [busy, setBusy] = useState(false)
  const [form] = Form.useForm<TopUpForm>()

  const submit = async (values: TopUpForm) => {
    if (!target) return
    setBusy(true)
    try {
      const saved = await operationsApi.topUp(campaignId, target.prizeId, values)
      message.success(`已补充 ${values.add}，“${saved.name}”总库存 ${saved.stock ?? '不限'}`)
      setTarget(null)
      await prizes.mutate()
    } catch (error) {
      message.error(errorMessage(error))
    } finally {
      setBusy(false)
    }
  }

  const columns = [
    { title: '奖品', dataIndex: 'name' },
    { title: '总库存', dataIndex: 'stock', width: 100, render: (s: number | null) => s ?? '不限' },
    { title: '其中补充', dataIndex: 'stockAdded', width: 100 },
    { title: '已发出', dataIndex: 'awarded', width: 100 },
    { title: '剩余', dataIndex: 'left', width: 100, render: (l: number | null) => l ?? '不限' },
    {
      title: '操作',
      key: 'actions',
      width: 120,
      render: (_: unknown, p: OpsPrize) =>
        p.stock === null ? null : (
          <Button size="small" onClick={() => setTarget(p)}>
            补充库存
          </Button>
        ),
    },
  ]
  return (
    <>
      {prizes.error && <Alert type="error" showIcon title={errorMessage(prizes.error)} />}
      <Table<OpsPrize>
        rowKey="prizeId"
        size="small"
        loading={prizes.isLoading}
        columns={columns}
        dataSource={prizes.data?.items ?? []}
        pagination={false}
        locale={{ emptyText: '该活动没有设奖品库存' }}
      />
      <Modal
        title={target ? `补充库存：${target.name}` : '补充库存'}
        open={target !== null}
        okText="确认补充"
        cancelText="取消"
        confirmLoading={busy}
        onOk={() => form.submit()}
        onCancel={() => setTarget(null)}
        destroyOnHidden
      >
        <Form<TopUpForm> form={form} layout="vertical" onFinish={(v) => void submit(v)} preserve={false}>
          <Form.Item name="add" label="补充数量" rules={[{ required: true, message: '请填写补充数量' }]}>
            <InputNumber min={1} max={100000} precision={0} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item
            name="reason"
            label="原因"
            rules={[
              { required: true, whitespace: true, message: '请填写补充原因' },
              { min: 2, message: '至少2个字' },
            ]}
          >
            <Input.TextArea rows={2} maxLength={200} placeholder="例如：赞助商追加 50 份" />
          </Form.Item>
        </Form>
      </Modal>
    </>
  )
}
