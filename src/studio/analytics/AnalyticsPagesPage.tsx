// 数据分析: the published pages (and any page with views in the range) with their views and unique visitors; a
// page opens its dashboard with the same range. The range is in the address (?from=&to=).
import { Alert, Card, Space, Table, Tag, Typography } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import { Link, useSearchParams } from 'react-router-dom'
import type { DashboardPageRow, DayRange } from '../api/analytics'
import { errorMessage } from '../api/client'
import { analyticsHref } from '../paths'
import { useDashboardPages } from './hooks'
import { rangeParams, readRangeParams } from './range'
import { RangeControls } from './RangeControls'
import './analytics.css'

const count = (n: number) => n.toLocaleString('zh-CN')

export function AnalyticsPagesPage() {
  const [params, setParams] = useSearchParams()
  const { range } = readRangeParams(params)
  const pages = useDashboardPages(range)
  const search = new URLSearchParams(rangeParams(range)).toString()
  const setRange = (next: DayRange) => setParams(rangeParams(next), { replace: true })

  const columns: ColumnsType<DashboardPageRow> = [
    {
      title: '页面',
      key: 'page',
      render: (_, row) => (
        <Space orientation="vertical" size={0}>
          <Link to={analyticsHref(row.pageId, search)}>{row.title}</Link>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {row.pageId}
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: '状态',
      key: 'live',
      width: 110,
      render: (_, row) => (row.live ? <Tag color="green">已发布</Tag> : <Tag>未发布</Tag>),
    },
    {
      title: '浏览量',
      dataIndex: 'views',
      width: 140,
      align: 'right',
      sorter: (a, b) => a.views - b.views,
      render: count,
    },
    {
      title: '独立访客',
      dataIndex: 'visitors',
      width: 140,
      align: 'right',
      sorter: (a, b) => a.visitors - b.visitors,
      render: count,
    },
    {
      title: '',
      key: 'open',
      width: 110,
      render: (_, row) => <Link to={analyticsHref(row.pageId, search)}>查看数据</Link>,
    },
  ]

  return (
    <div className="analytics-screen">
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <div className="analytics-head">
          <Typography.Title level={3} style={{ margin: 0 }}>
            数据分析
          </Typography.Title>
          <RangeControls range={range} onRange={setRange} />
        </div>
        <Typography.Text type="secondary">
          匿名统计：浏览量为页面打开次数，独立访客为所选时间内去重的访客数（同一访客多天访问只计一次）。数据约每分钟更新。
        </Typography.Text>
        {pages.error && <Alert type="error" showIcon title={errorMessage(pages.error)} />}
        <Card size="small">
          <Table<DashboardPageRow>
            size="middle"
            rowKey="pageId"
            loading={pages.isLoading || pages.isValidating}
            columns={columns}
            dataSource={pages.data?.items ?? []}
            pagination={{ pageSize: 20, hideOnSinglePage: true, showSizeChanger: false }}
            locale={{ emptyText: pages.error ? '加载失败' : '所选时间内没有已发布的页面或浏览数据' }}
            aria-label="页面数据"
          />
        </Card>
      </Space>
    </div>
  )
}
