// 销售过程回溯: find sales by 保单号, 订单号, 手机号 and when they started (the newest 50, newest first; with no
// filter the newest 50 of all). The search is in the address, so going back from a sale shows it again.
import { SearchOutlined } from '@ant-design/icons'
import { Alert, Button, DatePicker, Form, Input, Table, Tag, Typography } from 'antd'
import dayjs, { type Dayjs } from 'dayjs'
import { useMemo } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router-dom'
import { errorMessage } from '../api/client'
import { salesSearchParams } from '../api/compliance'
import type { TrailSearchQuery, TrailStage, TrailSummary } from '../api/types'
import { formatTime } from '../format'
import { saleHref } from '../paths'
import { useSalesSearch } from './hooks'
import { STAGE_COLORS, STAGE_NAMES } from './words'
import './compliance.css'

interface SearchForm {
  policyNo?: string
  orderNo?: string
  phone?: string
  range?: [Dayjs | null, Dayjs | null] | null
}

const NUMBER_RULE = { pattern: /^[A-Za-z0-9-]{4,40}$/, message: '4–40 位字母、数字或 -' }
const PHONE_RULE = { pattern: /^1[3-9]\d{9}$/, message: '请输入 11 位手机号' }

/** A day picked, as the start or the end of that day in Beijing time. */
const dayStart = (day: Dayjs) => `${day.format('YYYY-MM-DD')}T00:00:00+08:00`
const dayEnd = (day: Dayjs) => `${day.format('YYYY-MM-DD')}T23:59:59+08:00`
/** The Beijing day of a time sent (dayStart/dayEnd write it first). */
const dayOf = (iso: string | null) => (iso && /^\d{4}-\d{2}-\d{2}/.test(iso) ? dayjs(iso.slice(0, 10)) : null)

function queryOf(params: URLSearchParams): TrailSearchQuery {
  const query: TrailSearchQuery = {}
  for (const key of ['policyNo', 'orderNo', 'phone', 'from', 'to'] as const) {
    const value = params.get(key)
    if (value) query[key] = value
  }
  return query
}

const columnsFor = (search: string) => [
  {
    title: '产品',
    key: 'product',
    render: (_: unknown, sale: TrailSummary) => (
      // The row opens the sale too: the link is there for the keyboard, and carries the search along.
      <Link to={saleHref(sale.id)} state={{ search }} onClick={(event) => event.stopPropagation()}>
        {sale.productName}
      </Link>
    ),
  },
  {
    title: '阶段',
    dataIndex: 'stage',
    width: 120,
    render: (stage: TrailStage) => <Tag color={STAGE_COLORS[stage]}>{STAGE_NAMES[stage]}</Tag>,
  },
  { title: '保单号', dataIndex: 'policyNo', render: (no: string | null) => no ?? '—' },
  { title: '订单号', dataIndex: 'orderNo', render: (no: string | null) => no ?? '—' },
  { title: '手机号', dataIndex: 'phone', width: 140 },
  {
    title: '开始时间',
    dataIndex: 'startedAt',
    width: 180,
    render: (at: string) => formatTime(at, true),
  },
  { title: '步骤数', dataIndex: 'records', width: 90, align: 'right' as const },
]

export function SalesSearchPage() {
  const [params, setParams] = useSearchParams()
  const navigate = useNavigate()
  const search = params.toString()
  const query = useMemo(() => queryOf(new URLSearchParams(search)), [search])
  const { data, error, isLoading, isValidating, mutate } = useSalesSearch(query)
  const [form] = Form.useForm<SearchForm>()
  const initial = useMemo<SearchForm>(() => {
    const from = dayOf(query.from ?? null)
    const to = dayOf(query.to ?? null)
    return {
      policyNo: query.policyNo,
      orderNo: query.orderNo,
      phone: query.phone,
      range: from || to ? [from, to] : null,
    }
  }, [query])

  const submit = (values: SearchForm) => {
    const [from, to] = values.range ?? [null, null]
    setParams(
      salesSearchParams({
        policyNo: values.policyNo,
        orderNo: values.orderNo,
        phone: values.phone,
        from: from ? dayStart(from) : undefined,
        to: to ? dayEnd(to) : undefined,
      }),
    )
  }
  const reset = () => {
    form.resetFields()
    form.setFieldsValue({ policyNo: undefined, orderNo: undefined, phone: undefined, range: null })
    setParams('')
  }
  const filtered = Object.keys(query).length > 0

  return (
    <div className="trail-page">
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        销售过程回溯
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        按保单号、订单号、手机号或开始时间查找一次销售，查看买家当时看到的页面、阅读和确认的文件、健康告知、同意事项、报价与支付。
        每次查看和导出都会记入操作日志。
      </Typography.Paragraph>
      <Form<SearchForm>
        form={form}
        layout="inline"
        initialValues={initial}
        onFinish={submit}
        className="trail-search"
        aria-label="查询条件"
      >
        <Form.Item label="保单号" name="policyNo" rules={[NUMBER_RULE]}>
          <Input allowClear autoComplete="off" style={{ width: 200 }} />
        </Form.Item>
        <Form.Item label="订单号" name="orderNo" rules={[NUMBER_RULE]}>
          <Input allowClear autoComplete="off" style={{ width: 200 }} />
        </Form.Item>
        <Form.Item label="手机号" name="phone" rules={[PHONE_RULE]}>
          <Input allowClear autoComplete="off" inputMode="numeric" style={{ width: 160 }} />
        </Form.Item>
        <Form.Item label="时间范围" name="range">
          <DatePicker.RangePicker allowEmpty={[true, true]} placeholder={['开始日期', '结束日期']} />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined aria-hidden />}>
            查询
          </Button>
        </Form.Item>
        <Form.Item>
          <Button onClick={reset}>重置</Button>
        </Form.Item>
      </Form>
      {error && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          title={`查询失败：${errorMessage(error)}`}
          action={
            <Button size="small" onClick={() => void mutate()} loading={isValidating}>
              重试
            </Button>
          }
        />
      )}
      <Typography.Paragraph type="secondary">
        {filtered ? '符合条件的销售' : '最近的销售'}，按开始时间从新到旧，最多 50 条
        {data ? `（共 ${data.items.length} 条）` : ''}
      </Typography.Paragraph>
      <Table<TrailSummary>
        rowKey="id"
        size="middle"
        columns={columnsFor(search)}
        dataSource={error ? [] : (data?.items ?? [])}
        loading={isLoading || (isValidating && !data)}
        pagination={false}
        locale={{
          emptyText: error ? '查询失败' : filtered ? '没有符合条件的销售记录' : '还没有销售记录',
        }}
        onRow={(sale) => ({
          onClick: () => navigate(saleHref(sale.id), { state: { search } }),
          style: { cursor: 'pointer' },
        })}
      />
    </div>
  )
}
