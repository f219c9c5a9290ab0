// One page's dashboard: summary cards, the views and visitors chart (by hour or day), views by phase, version,
// source and A/B variant, the blocks' CTR with the heat overlay on a phone, the funnel to paid orders and the
// page's campaigns, for a range of Beijing days (in the address: ?from=&to=&step=), and 导出 CSV of it all.
import { ArrowLeftOutlined, DownloadOutlined, QuestionCircleOutlined } from '@ant-design/icons'
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  Empty,
  Result,
  Row,
  Segmented,
  Skeleton,
  Space,
  Statistic,
  Table,
  Tag,
  Tooltip,
  Typography,
} from 'antd'
import type { ColumnsType } from 'antd/es/table'
import { Suspense, useMemo, useState, type ReactNode } from 'react'
import { Link, useParams, useSearchParams } from 'react-router-dom'
import { STAGE_WORDS, formatRate, sourceName, type FunnelStageKey } from '../../domain/dashboard'
import { formatFen } from '../../domain/money'
import { lazyWithRetry } from '../../lib/lazyWithRetry'
import { STATUS_WORDS } from '../../page-config/schedule'
import {
  analyticsApi,
  type DashboardBlockRow,
  type DashboardBreakdown,
  type DashboardCampaignRow,
  type DashboardFunnelStep,
  type DashboardPrizeRow,
  type DashboardVariantRow,
  type DayRange,
  type Granularity,
} from '../api/analytics'
import { errorMessage, type StudioApiError } from '../api/client'
import { ChunkRetryAlert } from '../ChunkRetryAlert'
import { saveBlob } from '../compliance/download'
import { formatTime } from '../format'
import { CAMPAIGN_KIND_NAMES } from '../operations/words'
import { analyticsHref, operationsHref, pageHref } from '../paths'
import { blockName } from './blockNames'
import { heatColor, heatScale } from './heatOverlay'
import { HeatPreview } from './HeatPreview'
import { useBlockStats, useCampaignStats, useFunnel, useOverview } from './hooks'
import { rangeParams, readRangeParams } from './range'
import { RangeControls } from './RangeControls'
import './analytics.css'

const TrendChart = lazyWithRetry(
  () => import('./TrendChart').then((m) => ({ default: m.TrendChart })),
  ChunkRetryAlert,
)

const count = (n: number) => n.toLocaleString('zh-CN')
/** ¥17,791 or ¥35.50 (thousands separated, fen when there are any). */
const yuan = (fen: number) => {
  const [whole, cents] = formatFen(fen).split('.')
  return `¥${Number(whole).toLocaleString('zh-CN')}${cents ? `.${cents}` : ''}`
}
const PHASE_NAMES: Record<string, string> = { ...STATUS_WORDS, '': '未知' }
const versionName = (key: string) => (key === '0' ? '未知' : `第 ${key} 版`)

/** A card's body while its numbers load or when they failed. */
function CardState({
  error,
  loading,
  children,
}: {
  error?: StudioApiError
  loading: boolean
  children: ReactNode
}) {
  if (error) return <Alert type="error" showIcon title={errorMessage(error)} />
  if (loading) return <Skeleton active paragraph={{ rows: 3 }} />
  return <>{children}</>
}

/** A share of the whole as a thin bar with its percentage. */
function ShareBar({ share, color = '#1677ff' }: { share: number | null; color?: string }) {
  const width = share === null ? 0 : Math.round(Math.min(1, Math.max(0, share)) * 100)
  return (
    <span className="analytics-share">
      <span className="analytics-share-track" aria-hidden>
        <span className="analytics-share-fill" style={{ width: `${width}%`, background: color }} />
      </span>
      <span className="analytics-share-text">{formatRate(share)}</span>
    </span>
  )
}

function BreakdownTable({
  title,
  rows,
  nameOf,
}: {
  title: string
  rows: readonly DashboardBreakdown[]
  nameOf: (key: string) => string
}) {
  const columns: ColumnsType<DashboardBreakdown> = [
    { title, key: 'key', render: (_, r) => nameOf(r.key), ellipsis: true },
    { title: '浏览量', dataIndex: 'views', align: 'right', width: 90, render: count },
    { title: '占比', key: 'share', width: 130, render: (_, r) => <ShareBar share={r.share} /> },
  ]
  return (
    <Table<DashboardBreakdown>
      size="small"
      rowKey="key"
      pagination={false}
      columns={columns}
      dataSource={[...rows]}
      locale={{ emptyText: '没有浏览' }}
      aria-label={`按${title}`}
    />
  )
}

function VariantTable({ rows }: { rows: readonly DashboardVariantRow[] }) {
  const columns: ColumnsType<DashboardVariantRow> = [
    { title: '实验', dataIndex: 'experimentName', ellipsis: true },
    {
      title: '版本',
      key: 'variant',
      render: (_, r) => (
        <Space size={4}>
          <Tag color={r.variant === 'A' ? 'default' : 'blue'}>{r.variant}</Tag>
          {r.label}
        </Space>
      ),
    },
    { title: '浏览量', dataIndex: 'views', align: 'right', width: 100, render: count },
    { title: '独立访客', dataIndex: 'visitors', align: 'right', width: 100, render: count },
    { title: '占比', key: 'share', width: 140, render: (_, r) => <ShareBar share={r.share} /> },
  ]
  return (
    <Table<DashboardVariantRow>
      size="small"
      rowKey={(r) => `${r.experimentId}-${r.variant}`}
      pagination={false}
      columns={columns}
      dataSource={[...rows]}
      aria-label="按实验版本"
    />
  )
}

function BlockTable({ rows }: { rows: readonly DashboardBlockRow[] }) {
  const top = heatScale(new Map(rows.map((r) => [r.blockId, r])))
  const ctr = (rate: number | null, impressions: number) =>
    impressions > 0 ? (
      <ShareBar share={rate} color={heatColor((rate ?? 0) / top, 0.9)} />
    ) : (
      <Typography.Text type="secondary">—</Typography.Text>
    )
  const columns: ColumnsType<DashboardBlockRow> = [
    {
      title: '位置',
      key: 'index',
      width: 64,
      render: (_, r) => (r.index === null ? <Tooltip title="不在线上版本中">—</Tooltip> : r.index + 1),
    },
    {
      title: '组件',
      key: 'block',
      ellipsis: true,
      render: (_, r) => (
        <Space orientation="vertical" size={0}>
          <span>{blockName(r.blockType)}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {r.blockId}
          </Typography.Text>
        </Space>
      ),
    },
    { title: '曝光', dataIndex: 'impressions', align: 'right', width: 90, render: count },
    { title: '点击', dataIndex: 'clicks', align: 'right', width: 80, render: count },
    { title: '点击率', key: 'ctr', width: 150, render: (_, r) => ctr(r.ctr, r.impressions) },
  ]
  const hasVariants = rows.some((r) => r.byVariant.length > 0)
  return (
    <Table<DashboardBlockRow>
      size="small"
      rowKey="blockId"
      pagination={false}
      columns={columns}
      dataSource={[...rows]}
      locale={{ emptyText: '所选时间内没有组件曝光或点击' }}
      aria-label="组件数据"
      expandable={
        hasVariants
          ? {
              rowExpandable: (r) => r.byVariant.length > 0,
              expandedRowRender: (r) => (
                <Table
                  size="small"
                  rowKey="variant"
                  pagination={false}
                  dataSource={r.byVariant}
                  aria-label={`${r.blockId} 各实验版本`}
                  columns={[
                    { title: '实验版本', dataIndex: 'variant', render: (v: string) => <Tag>{v}</Tag> },
                    { title: '曝光', dataIndex: 'impressions', align: 'right', render: count },
                    { title: '点击', dataIndex: 'clicks', align: 'right', render: count },
                    {
                      title: '点击率',
                      key: 'ctr',
                      width: 150,
                      render: (_, v: DashboardBlockRow['byVariant'][number]) => ctr(v.ctr, v.impressions),
                    },
                  ]}
                />
              ),
            }
          : undefined
      }
    />
  )
}

function FunnelTable({ steps }: { steps: readonly DashboardFunnelStep[] }) {
  const first = steps[0]?.visitors ?? 0
  const columns: ColumnsType<DashboardFunnelStep> = [
    { title: '步骤', key: 'stage', width: 130, render: (_, s) => STAGE_WORDS[s.stage as FunnelStageKey] },
    { title: '访客', dataIndex: 'visitors', align: 'right', width: 90, render: count },
    {
      title: '',
      key: 'bar',
      render: (_, s) => (
        <span className="analytics-funnel-track" aria-hidden>
          <span
            className="analytics-funnel-fill"
            style={{ width: `${first > 0 ? Math.max(1, Math.round((s.visitors / first) * 100)) : 0}%` }}
          />
        </span>
      ),
    },
    {
      title: '步骤转化率',
      key: 'step',
      align: 'right',
      width: 110,
      render: (_, s) => formatRate(s.stepRate),
    },
    {
      title: '总转化率',
      key: 'overall',
      align: 'right',
      width: 100,
      render: (_, s) => formatRate(s.overallRate),
    },
  ]
  return (
    <Table<DashboardFunnelStep>
      size="small"
      rowKey="stage"
      pagination={false}
      columns={columns}
      dataSource={[...steps]}
      aria-label="购买漏斗"
    />
  )
}

function FunnelCard({ id, range }: { id: string; range: DayRange }) {
  const funnel = useFunnel(id, range)
  const [variant, setVariant] = useState('')
  const data = funnel.data
  const shown = data?.byVariant.find((v) => v.variant === variant)?.steps ?? data?.steps ?? []
  return (
    <Card
      size="small"
      title="购买漏斗（浏览 → 承保）"
      extra={
        data && data.byVariant.length > 0 ? (
          <Segmented
            size="small"
            aria-label="漏斗的实验版本"
            value={variant}
            options={[
              { value: '', label: '全部' },
              ...data.byVariant.map((v) => ({ value: v.variant, label: `版本 ${v.variant}` })),
            ]}
            onChange={(value) => setVariant(String(value))}
          />
        ) : undefined
      }
    >
      <CardState error={funnel.error} loading={funnel.isLoading}>
        <Space orientation="vertical" size="small" style={{ width: '100%' }}>
          <FunnelTable steps={shown} />
          <Typography.Text type="secondary">
            各步为所选时间内到达该步的独立访客；产品页以后的步骤归因到访客 7
            天内最后点击的本页组件。已支付订单 {count(data?.paidOrders ?? 0)} 笔，保费合计{' '}
            {yuan(data?.premiumFen ?? 0)}。
          </Typography.Text>
        </Space>
      </CardState>
    </Card>
  )
}

const NEW_USERS_HELP = '首次参与在所选时间内、且在首次参与前 24 小时内注册的用户（注册后即来参与）。'

function PrizeTable({ prizes }: { prizes: readonly DashboardPrizeRow[] }) {
  const columns: ColumnsType<DashboardPrizeRow> = [
    { title: '奖品', dataIndex: 'name', ellipsis: true },
    {
      title: '总库存',
      key: 'stock',
      align: 'right',
      width: 90,
      render: (_, p) => (p.stock === null ? '不限' : count(p.stock)),
    },
    { title: '已发出', dataIndex: 'awarded', align: 'right', width: 90, render: count },
    {
      title: '剩余',
      key: 'left',
      align: 'right',
      width: 90,
      render: (_, p) =>
        p.left === null ? (
          '不限'
        ) : (
          <Typography.Text type={p.left === 0 ? 'danger' : undefined}>{count(p.left)}</Typography.Text>
        ),
    },
    {
      title: '单件成本',
      key: 'unit',
      align: 'right',
      width: 100,
      render: (_, p) =>
        p.unitCostFen === null ? (
          <Typography.Text type="secondary">未填</Typography.Text>
        ) : (
          yuan(p.unitCostFen)
        ),
    },
    {
      title: '成本合计',
      key: 'cost',
      align: 'right',
      width: 110,
      render: (_, p) =>
        p.costFen === null ? <Typography.Text type="secondary">—</Typography.Text> : yuan(p.costFen),
    },
  ]
  return (
    <Table<DashboardPrizeRow>
      size="small"
      rowKey="prizeId"
      pagination={false}
      columns={columns}
      dataSource={[...prizes]}
      aria-label="奖品库存与成本"
    />
  )
}

function CampaignBlock({ c }: { c: DashboardCampaignRow }) {
  const lottery = c.kind === 'lottery'
  return (
    <div className="analytics-campaign" data-testid={`campaign-${c.campaignId}`}>
      <Space wrap size={8} style={{ marginBottom: 8 }}>
        <Typography.Text strong>{c.title}</Typography.Text>
        <Tag>{CAMPAIGN_KIND_NAMES[c.kind] ?? c.kind}</Tag>
        <Typography.Text type="secondary">
          {formatTime(c.startsAt)} 至 {formatTime(c.endsAt)}
        </Typography.Text>
        <Link to={operationsHref(c.campaignId)}>活动运营</Link>
      </Space>
      <Row gutter={[16, 12]}>
        {[
          [lottery ? '抽奖次数' : '参与次数', count(c.participations)],
          ['参与人数', count(c.participants)],
          ['中奖次数', count(c.wins)],
          ['中奖人数', count(c.winners)],
        ].map(([title, value]) => (
          <Col key={title} xs={12} md={8} xl={4}>
            <Statistic title={title} value={value} />
          </Col>
        ))}
        <Col xs={12} md={8} xl={4}>
          <Statistic
            title={
              <Space size={4}>
                带来新用户
                <Tooltip title={NEW_USERS_HELP}>
                  <QuestionCircleOutlined aria-label="带来新用户的说明" />
                </Tooltip>
              </Space>
            }
            value={count(c.newUsers)}
          />
        </Col>
        <Col xs={12} md={8} xl={4}>
          <Statistic
            title={c.costComplete ? '奖品成本（累计）' : '奖品成本（累计，部分未填）'}
            value={yuan(c.costFen)}
          />
        </Col>
      </Row>
      {c.prizes.length > 0 && <PrizeTable prizes={c.prizes} />}
    </div>
  )
}

function CampaignsCard({ id, range }: { id: string; range: DayRange }) {
  const campaigns = useCampaignStats(id, range)
  const items = campaigns.data?.items ?? []
  return (
    <Card size="small" title="活动效果">
      <CardState error={campaigns.error} loading={campaigns.isLoading}>
        {items.length ? (
          <Space orientation="vertical" size="large" style={{ width: '100%' }}>
            {items.map((c) => (
              <CampaignBlock key={c.campaignId} c={c} />
            ))}
            <Typography.Text type="secondary">
              参与、中奖与新用户为所选时间内的数字；库存与成本为截至现在的累计。成本为各奖品配置的单件成本 ×
              已发出数量，“谢谢参与”为 0。
            </Typography.Text>
          </Space>
        ) : (
          <Empty description="此页面没有活动" image={Empty.PRESENTED_IMAGE_SIMPLE} />
        )}
      </CardState>
    </Card>
  )
}

export function PageDashboard() {
  const { id = '' } = useParams()
  const { message } = App.useApp()
  const [params, setParams] = useSearchParams()
  const { range, granularity } = readRangeParams(params)
  const overview = useOverview(id, range, granularity)
  const blocks = useBlockStats(id, range)
  const funnel = useFunnel(id, range)
  const [exporting, setExporting] = useState(false)
  const listSearch = new URLSearchParams({ from: range.from, to: range.to }).toString()

  const go = (next: DayRange, step: Granularity) => setParams(rangeParams(next, step), { replace: true })
  const exportCsv = async () => {
    setExporting(true)
    try {
      const blob = await analyticsApi.exportCsv(id, range, granularity)
      saveBlob(blob, `页面数据-${overview.data?.title ?? id}-${range.from}至${range.to}.csv`)
    } catch (error) {
      message.error(errorMessage(error))
    } finally {
      setExporting(false)
    }
  }

  const o = overview.data
  const empty = o !== undefined && o.totals.views === 0
  const cards = useMemo(
    () => [
      { title: '浏览量', value: o ? count(o.totals.views) : '—' },
      { title: '独立访客', value: o ? count(o.totals.visitors) : '—' },
      { title: '组件点击', value: o ? count(o.totals.clicks) : '—' },
      { title: '已支付订单', value: funnel.data ? count(funnel.data.paidOrders) : '—' },
      { title: '保费合计', value: funnel.data ? yuan(funnel.data.premiumFen) : '—' },
      { title: '浏览→承保转化率', value: funnel.data ? formatRate(funnel.data.overallRate) : '—' },
    ],
    [o, funnel.data],
  )

  if (overview.error?.status === 404)
    return (
      <div className="analytics-screen">
        <Result
          status="404"
          title="没有这个页面的数据"
          subTitle="页面不存在，或从未有过浏览。"
          extra={<Link to={analyticsHref(undefined, listSearch)}>返回数据分析</Link>}
        />
      </div>
    )

  return (
    <div className="analytics-screen">
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <div className="analytics-head">
          <Space size={12} align="center" style={{ minWidth: 0 }}>
            <Link to={analyticsHref(undefined, listSearch)} aria-label="返回数据分析">
              <Button icon={<ArrowLeftOutlined aria-hidden />} tabIndex={-1} />
            </Link>
            <div style={{ minWidth: 0 }}>
              <Typography.Title level={3} style={{ margin: 0 }} ellipsis>
                {o?.title ?? id}
              </Typography.Title>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {id} · <Link to={pageHref(id)}>编辑页面</Link>
              </Typography.Text>
            </div>
          </Space>
          <Space wrap size="middle">
            <RangeControls
              range={range}
              onRange={(next) => go(next, granularity)}
              granularity={granularity}
              onGranularity={(step) => go(range, step)}
            />
            <Button icon={<DownloadOutlined aria-hidden />} loading={exporting} onClick={exportCsv}>
              导出 CSV
            </Button>
          </Space>
        </div>
        {overview.error && <Alert type="error" showIcon title={errorMessage(overview.error)} />}

        <Row gutter={[12, 12]}>
          {cards.map((card) => (
            <Col key={card.title} xs={12} md={8} xl={4}>
              <Card size="small">
                <Statistic title={card.title} value={card.value} loading={!o && !overview.error} />
              </Card>
            </Col>
          ))}
        </Row>

        <Card size="small" title={granularity === 'hour' ? '趋势（按小时）' : '趋势（按天）'}>
          <CardState error={overview.error} loading={overview.isLoading}>
            {empty ? (
              <Empty description="所选时间内没有浏览" image={Empty.PRESENTED_IMAGE_SIMPLE} />
            ) : (
              <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
                <TrendChart points={o?.series ?? []} granularity={granularity} />
              </Suspense>
            )}
            {granularity === 'hour' && (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                按小时的独立访客为各小时内去重；整段时间的独立访客见上方卡片。
              </Typography.Text>
            )}
          </CardState>
        </Card>

        <Row gutter={[12, 12]}>
          <Col xs={24} xl={8}>
            <Card size="small" title="按阶段">
              <CardState error={overview.error} loading={overview.isLoading}>
                <BreakdownTable title="阶段" rows={o?.byPhase ?? []} nameOf={(k) => PHASE_NAMES[k] ?? k} />
              </CardState>
            </Card>
          </Col>
          <Col xs={24} xl={8}>
            <Card size="small" title="按版本">
              <CardState error={overview.error} loading={overview.isLoading}>
                <BreakdownTable title="版本" rows={o?.byVersion ?? []} nameOf={versionName} />
              </CardState>
            </Card>
          </Col>
          <Col xs={24} xl={8}>
            <Card size="small" title="按来源">
              <CardState error={overview.error} loading={overview.isLoading}>
                <BreakdownTable title="来源" rows={o?.bySource ?? []} nameOf={sourceName} />
              </CardState>
            </Card>
          </Col>
        </Row>

        {o && o.byVariant.length > 0 && (
          <Card size="small" title="A/B 实验版本">
            <VariantTable rows={o.byVariant} />
          </Card>
        )}

        <Card size="small" title="组件曝光与点击">
          <Row gutter={[24, 16]}>
            <Col xs={24} xl={14}>
              <CardState error={blocks.error} loading={blocks.isLoading}>
                <BlockTable rows={blocks.data?.items ?? []} />
                <Typography.Text type="secondary" style={{ display: 'block', marginTop: 8, fontSize: 12 }}>
                  曝光：组件露出一半以上满 1 秒；点击率 = 点击 ÷ 曝光。
                </Typography.Text>
              </CardState>
            </Col>
            <Col xs={24} xl={10}>
              <HeatPreview pageId={id} range={range} blocks={blocks.data?.items} />
            </Col>
          </Row>
        </Card>

        <FunnelCard id={id} range={range} />
        <CampaignsCard id={id} range={range} />
      </Space>
    </div>
  )
}
