// The right column: what the conversation is about (product, order, policy, claim) and, on request only (each
// view is in the audit log), the customer's orders and policies, masked.
import { Alert, Button, Descriptions, Table, Tag, Typography } from 'antd'
import { useState } from 'react'
import { errorMessage } from '../api/client'
import {
  deskApi,
  type CustomerOrder,
  type CustomerPolicy,
  type DeskConversation,
  type DeskCustomer,
} from '../api/desk'
import { formatTime } from '../format'
import { CONTEXT_KIND, yuan } from './words'

// Three columns each: the right column is narrow, so a cell holds two lines rather than a column more.
const orderColumns = [
  {
    title: '订单',
    key: 'order',
    render: (_: unknown, o: CustomerOrder) => (
      <>
        <div>{o.productName}</div>
        <div className="desk-cell-sub">{o.orderNo}</div>
      </>
    ),
  },
  {
    title: '保费',
    key: 'premium',
    width: 96,
    render: (_: unknown, o: CustomerOrder) => (
      <>
        <div>{yuan(o.premiumFen)}</div>
        <div className="desk-cell-sub">{formatTime(o.createdAt)}</div>
      </>
    ),
  },
  { title: '状态', dataIndex: 'status', key: 'status', width: 64 },
]

const policyColumns = [
  {
    title: '保单',
    key: 'policy',
    render: (_: unknown, p: CustomerPolicy) => (
      <>
        <div>{p.productName}</div>
        <div className="desk-cell-sub">{p.policyNo}</div>
      </>
    ),
  },
  {
    title: '保障期间',
    key: 'period',
    width: 96,
    render: (_: unknown, p: CustomerPolicy) => (
      <>
        <div>{p.startDate}</div>
        <div className="desk-cell-sub">至 {p.endDate}</div>
      </>
    ),
  },
  {
    title: '状态',
    key: 'status',
    width: 64,
    render: (_: unknown, p: CustomerPolicy) => (
      <>
        <div>{p.status}</div>
        <div className="desk-cell-sub">{p.insuredName}</div>
      </>
    ),
  },
]

function Records({ customer }: { customer: DeskCustomer }) {
  return (
    <>
      <Descriptions
        size="small"
        column={1}
        items={[
          { key: 'phone', label: '手机号', children: customer.phone },
          { key: 'name', label: '实名', children: customer.realName ?? '未实名' },
        ]}
      />
      <Typography.Title level={5}>订单（{customer.orders.length}）</Typography.Title>
      <Table<CustomerOrder>
        size="small"
        className="desk-table"
        rowKey="orderNo"
        pagination={false}
        columns={orderColumns}
        dataSource={customer.orders}
        locale={{ emptyText: '暂无订单' }}
      />
      <Typography.Title level={5}>保单（{customer.policies.length}）</Typography.Title>
      <Table<CustomerPolicy>
        size="small"
        className="desk-table"
        rowKey="policyNo"
        pagination={false}
        columns={policyColumns}
        dataSource={customer.policies}
        locale={{ emptyText: '暂无保单' }}
      />
    </>
  )
}

/** Keyed by the conversation (the parent's key): another one shows nothing until asked again. */
export function CustomerPanel({ conversation }: { conversation: DeskConversation }) {
  const [customer, setCustomer] = useState<DeskCustomer | null>(null)
  const [loading, setLoading] = useState(false)
  const [failed, setFailed] = useState<string | null>(null)
  const id = conversation.id

  const load = async () => {
    setLoading(true)
    setFailed(null)
    try {
      const loaded = await deskApi.customer(id)
      setCustomer(loaded)
    } catch (error) {
      setFailed(errorMessage(error))
    } finally {
      setLoading(false)
    }
  }

  return (
    <div className="desk-context">
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        咨询内容
      </Typography.Title>
      {conversation.context.length ? (
        <ul className="desk-context-items">
          {conversation.context.map((item) => (
            <li key={`${item.kind}-${item.id}`}>
              <Tag>{CONTEXT_KIND[item.kind]}</Tag>
              <span>{item.title}</span>
            </li>
          ))}
        </ul>
      ) : (
        <Typography.Text type="secondary">用户未从具体产品、订单或保单进入</Typography.Text>
      )}
      <Typography.Title level={5}>用户信息</Typography.Title>
      {!customer && (
        <Typography.Paragraph type="secondary" className="desk-muted">
          {conversation.customerPhone}
        </Typography.Paragraph>
      )}
      {conversation.rating !== null && (
        <Typography.Paragraph className="desk-muted">用户评价：{conversation.rating} 星</Typography.Paragraph>
      )}
      {customer ? (
        <Records customer={customer} />
      ) : (
        <>
          <Button onClick={() => void load()} loading={loading}>
            查看用户订单与保单
          </Button>
          <Typography.Paragraph type="secondary" className="desk-muted">
            查看会记入操作日志。
          </Typography.Paragraph>
          {failed && (
            <Alert
              type="error"
              showIcon
              title={failed}
              action={
                <Button size="small" onClick={() => void load()}>
                  重试
                </Button>
              }
            />
          )}
        </>
      )}
    </div>
  )
}
