// 中奖名单: a campaign's winners (nicknames and phones masked), filtered by kind, status and phone tail, exported as
// CSV; a physical prize is shipped from here (its full address shown on demand, each view audited), then marked
// signed for. Each step sends the winner a message.
import { DownloadOutlined } from '@ant-design/icons'
import { Alert, App, Button, Form, Input, Modal, Select, Space, Table, Tag, Typography } from 'antd'
import { useState } from 'react'
import {
  WINNER_KIND_TEXT,
  WINNER_STATUSES,
  WINNER_STATUS_TEXT,
  type WinnerKind,
  type WinnerStatus,
} from '../../domain/winners'
import { errorMessage } from '../api/client'
import { operationsApi, type Winner, type WinnerQuery } from '../api/operations'
import { saveBlob } from '../compliance/download'
import { formatTime } from '../format'
import { useWinners } from './hooks'
import { CARRIERS, STATUS_COLORS } from './words'

interface ShipForm {
  carrier: string
  trackingNo: string
}

export function WinnersPanel({ campaignId, canShip }: { campaignId: string; canShip: boolean }) {
  const { message, modal } = App.useApp()
  const [query, setQuery] = useState<WinnerQuery>({})
  const winners = useWinners(campaignId, query)
  const [shipping, setShipping] = useState<Winner | null>(null)
  const [busy, setBusy] = useState(false)
  const [form] = Form.useForm<ShipForm>()
  const statuses = query.kind
    ? WINNER_STATUSES[query.kind]
    : (Object.keys(WINNER_STATUS_TEXT) as WinnerStatus[])

  const showAddress = async (winner: Winner) => {
    try {
      const a = await operationsApi.address(campaignId, winner.id)
      modal.info({
        title: `“${winner.prize}”的收货地址`,
        content: (
          <div data-testid="gift-address">
            <p>
              {a.name} {a.phone}
            </p>
            <p>
              {a.region} {a.detail}
            </p>
            <Typography.Text type="secondary">本次查看已记入操作日志。</Typography.Text>
          </div>
        ),
        okText: '关闭',
      })
    } catch (error) {
      message.error(errorMessage(error))
    }
  }

  const ship = async (values: ShipForm) => {
    if (!shipping) return
    setBusy(true)
    try {
      await operationsApi.ship(campaignId, shipping.id, values)
      message.success('已发货，已通知中奖用户')
      setShipping(null)
      form.resetFields()
      await winners.mutate()
    } catch (error) {
      message.error(errorMessage(error))
    } finally {
      setBusy(false)
    }
  }

  const deliver = (winner: Winner) =>
    modal.confirm({
      title: `确认“${winner.prize}”已签收？`,
      content: `运单 ${winner.shipping?.carrier ?? ''} ${winner.shipping?.trackingNo ?? ''}，确认后将通知中奖用户。`,
      okText: '确认签收',
      cancelText: '取消',
      onOk: async () => {
        try {
          await operationsApi.deliver(campaignId, winner.id)
          message.success('已标记为已签收，已通知中奖用户')
        } catch (error) {
          message.error(errorMessage(error))
        } finally {
          await winners.mutate()
        }
      },
    })

  const exportCsv = async () => {
    try {
      saveBlob(await operationsApi.winnersCsv(campaignId, query), `中奖名单-${campaignId}.csv`)
    } catch (error) {
      message.error(errorMessage(error))
    }
  }

  const columns = [
    { title: '中奖时间', dataIndex: 'at', width: 170, render: (at: string) => formatTime(at) },
    { title: '类型', dataIndex: 'kind', width: 90, render: (k: WinnerKind) => WINNER_KIND_TEXT[k] },
    { title: '奖品', dataIndex: 'prize', ellipsis: true },
    { title: '昵称', dataIndex: 'nickname', width: 110 },
    { title: '手机号', dataIndex: 'phone', width: 130 },
    {
      title: '状态',
      dataIndex: 'status',
      width: 90,
      render: (s: WinnerStatus) => <Tag color={STATUS_COLORS[s]}>{WINNER_STATUS_TEXT[s]}</Tag>,
    },
    {
      title: '物流 / 使用',
      key: 'detail',
      width: 220,
      render: (_: unknown, w: Winner) =>
        w.shipping?.trackingNo
          ? `${w.shipping.carrier} ${w.shipping.trackingNo}`
          : w.kind === 'physical' && !w.hasAddress
            ? '待用户填写地址'
            : (w.usedPlace ?? '—'),
    },
    ...(canShip
      ? [
          {
            title: '操作',
            key: 'actions',
            width: 190,
            render: (_: unknown, w: Winner) =>
              w.kind === 'physical' && w.hasAddress ? (
                <Space size={4}>
                  <Button size="small" type="link" onClick={() => void showAddress(w)}>
                    查看地址
                  </Button>
                  {w.status === 'pending' && (
                    <Button size="small" type="primary" onClick={() => setShipping(w)}>
                      发货
                    </Button>
                  )}
                  {w.status === 'shipped' && (
                    <Button size="small" onClick={() => deliver(w)}>
                      确认签收
                    </Button>
                  )}
                </Space>
              ) : null,
          },
        ]
      : []),
  ]

  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Space wrap>
        <Select<WinnerKind | undefined>
          aria-label="类型"
          allowClear
          placeholder="全部类型"
          style={{ width: 140 }}
          value={query.kind}
          options={(Object.keys(WINNER_KIND_TEXT) as WinnerKind[]).map((k) => ({
            value: k,
            label: WINNER_KIND_TEXT[k],
          }))}
          onChange={(kind) => setQuery({ ...query, kind, status: undefined })}
        />
        <Select<WinnerStatus | undefined>
          aria-label="状态"
          allowClear
          placeholder="全部状态"
          style={{ width: 140 }}
          value={query.status}
          options={statuses.map((s) => ({ value: s, label: WINNER_STATUS_TEXT[s] }))}
          onChange={(status) => setQuery({ ...query, status })}
        />
        <Input.Search
          aria-label="手机尾号"
          placeholder="手机号后4位"
          allowClear
          maxLength={4}
          style={{ width: 180 }}
          onSearch={(value) => {
            const phone = value.trim()
            if (phone && !/^\d{4}$/.test(phone)) {
              message.warning('请输入手机号后4位数字')
              return
            }
            setQuery({ ...query, phone: phone || undefined })
          }}
        />
        {canShip && (
          <Button icon={<DownloadOutlined aria-hidden />} onClick={() => void exportCsv()}>
            导出 CSV
          </Button>
        )}
      </Space>
      {winners.error && <Alert type="error" showIcon title={errorMessage(winners.error)} />}
      <Typography.Text type="secondary">
        共 {winners.data?.total ?? 0} 条
        {(winners.data?.total ?? 0) > 500 ? '（显示最新 500 条，完整名单请导出）' : ''}
        ；昵称与手机号已打码，每次查看记入操作日志。
      </Typography.Text>
      <Table<Winner>
        rowKey={(w) => `${w.kind}:${w.id}`}
        size="small"
        loading={winners.isLoading}
        columns={columns}
        dataSource={winners.data?.items ?? []}
        pagination={{ pageSize: 20, showSizeChanger: false }}
        locale={{ emptyText: '暂无中奖记录' }}
      />
      <Modal
        title={shipping ? `发货：${shipping.prize}` : '发货'}
        open={shipping !== null}
        okText="确认发货"
        cancelText="取消"
        confirmLoading={busy}
        onOk={() => form.submit()}
        onCancel={() => setShipping(null)}
        destroyOnHidden
      >
        <Form<ShipForm> form={form} layout="vertical" onFinish={(v) => void ship(v)} preserve={false}>
          <Form.Item name="carrier" label="快递公司" rules={[{ required: true, message: '请选择快递公司' }]}>
            <Select options={CARRIERS.map((c) => ({ value: c, label: c }))} placeholder="请选择快递公司" />
          </Form.Item>
          <Form.Item
            name="trackingNo"
            label="运单号"
            rules={[
              { required: true, message: '请填写运单号' },
              { pattern: /^[A-Za-z0-9-]{4,40}$/, message: '4–40 位字母、数字或 -' },
            ]}
          >
            <Input placeholder="例如 SF1234567890" />
          </Form.Item>
        </Form>
      </Modal>
    </Space>
  )
}
