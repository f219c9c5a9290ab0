// 销售过程: one sale as compliance reviews it. The summary with 保存至 and the hash chain's check (校验通过 /
// 校验失败 with the server's sentence), every record on a timeline (server time, the browser's time when it sent
// one, 服务器/浏览器, the label and its key facts), the replay beside it (a click on a record jumps there), and the
// PDF and JSON exports (fetched with the CSRF header, then saved).
import { ArrowLeftOutlined, DownloadOutlined, FilePdfOutlined } from '@ant-design/icons'
import { Alert, App, Button, Card, Descriptions, Result, Space, Tag, Timeline, Typography } from 'antd'
import { useState } from 'react'
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom'
import { errorMessage } from '../api/client'
import { complianceApi, type ExportFormat } from '../api/compliance'
import type { ChainCheck, TrailDetail, TrailRecord } from '../api/types'
import { formatTime } from '../format'
import { complianceHref, productVersionsHref } from '../paths'
import { saveBlob } from './download'
import { useSale } from './hooks'
import { Replay } from './Replay'
import { recordFacts } from './trail'
import { channelName, SOURCE_NAMES, STAGE_COLORS, STAGE_NAMES } from './words'
import './compliance.css'

/** The search the list was showing (the list passes it along), to go back to. */
interface FromSearch {
  search?: string
}

function ChainResult({ chain }: { chain: ChainCheck }) {
  return chain.ok ? (
    <Alert
      type="success"
      showIcon
      title="校验通过"
      description={chain.message || `共 ${chain.records} 条记录，哈希链完整，未被改动`}
      data-testid="chain-check"
    />
  ) : (
    <Alert
      type="error"
      showIcon
      title={`校验失败：${chain.message}`}
      description="这次销售的记录与保存时不一致，请勿以此作为证据，并立即上报。"
      data-testid="chain-check"
    />
  )
}

function Summary({ detail }: { detail: TrailDetail }) {
  const { summary } = detail
  return (
    <Descriptions
      bordered
      size="small"
      column={3}
      items={[
        {
          key: 'product',
          label: '产品',
          children: (
            <Link to={productVersionsHref(summary.productId)} title="查看产品页面版本">
              {summary.productName}
            </Link>
          ),
        },
        { key: 'channel', label: '渠道', children: channelName(summary.channel) },
        {
          key: 'stage',
          label: '阶段',
          children: <Tag color={STAGE_COLORS[summary.stage]}>{STAGE_NAMES[summary.stage]}</Tag>,
        },
        { key: 'policyNo', label: '保单号', children: summary.policyNo ?? '—' },
        { key: 'orderNo', label: '订单号', children: summary.orderNo ?? '—' },
        { key: 'phone', label: '手机号', children: <PhoneReveal id={summary.id} masked={summary.phone} /> },
        { key: 'startedAt', label: '开始时间', children: formatTime(summary.startedAt, true) },
        { key: 'lastAt', label: '最后记录', children: formatTime(summary.lastAt, true) },
        { key: 'records', label: '步骤数', children: `${summary.records} 条` },
        { key: 'contractEndsAt', label: '合同终止', children: formatTime(detail.contractEndsAt) },
        {
          key: 'keepUntil',
          label: '保存至',
          children: detail.keepUntil ? formatTime(detail.keepUntil) : '合同终止后确定（5 年或 10 年）',
        },
      ]}
    />
  )
}

/** The phone masked; the full number only when the check needs it, and then in the audit log. */
function PhoneReveal({ id, masked }: { id: string; masked: string }) {
  const [phone, setPhone] = useState<string | null>(null)
  const [loading, setLoading] = useState(false)
  const { message } = App.useApp()
  if (phone) return <span>{phone}</span>
  const reveal = async () => {
    setLoading(true)
    try {
      setPhone((await complianceApi.phone(id)).phone)
    } catch {
      void message.error('查看完整号码失败，请重试')
    } finally {
      setLoading(false)
    }
  }
  return (
    <Space size={8}>
      <span>{masked || '—'}</span>
      {masked && (
        <Button size="small" type="link" loading={loading} onClick={() => void reveal()}>
          查看完整号码（记入操作日志）
        </Button>
      )}
    </Space>
  )
}

function RecordItem({
  detail,
  record,
  current,
  onClick,
}: {
  detail: TrailDetail
  record: TrailRecord
  current: boolean
  onClick: () => void
}) {
  const broken = detail.chain.brokenAtSeq === record.seq
  return (
    <button
      type="button"
      className={`trail-record${current ? ' is-current' : ''}${broken ? ' is-broken' : ''}`}
      aria-current={current ? 'step' : undefined}
      onClick={onClick}
    >
      <span className="trail-record-head">
        <span className="trail-record-seq">#{record.seq}</span>
        <Tag color={record.source === 'server' ? 'blue' : 'purple'}>{SOURCE_NAMES[record.source]}</Tag>
        <span className="trail-record-label">{record.label}</span>
        {broken && <Tag color="red">校验失败</Tag>}
      </span>
      <span className="trail-record-time">
        {record.clientAt
          ? `发生于 ${formatTime(record.happenedAt, true)}（浏览器时间 ${formatTime(record.clientAt, true)}，服务器收到 ${formatTime(record.at, true)}）`
          : `服务器时间 ${formatTime(record.at, true)}`}
      </span>
      {recordFacts(detail, record).map((fact) => (
        <span key={fact} className="trail-record-fact">
          {fact}
        </span>
      ))}
    </button>
  )
}

function ExportButtons({ detail }: { detail: TrailDetail }) {
  const { message } = App.useApp()
  const [busy, setBusy] = useState<ExportFormat | null>(null)
  const { id, policyNo } = detail.summary
  const exportAs = async (format: ExportFormat) => {
    setBusy(format)
    try {
      const blob = await complianceApi.exportSale(id, format)
      saveBlob(blob, `销售过程-${policyNo ?? id}.${format}`)
      message.success(format === 'pdf' ? '已导出 PDF' : '已导出 JSON')
    } catch (error) {
      message.error(`导出失败：${errorMessage(error)}`)
    } finally {
      setBusy(null)
    }
  }
  return (
    <Space>
      <Button
        icon={<FilePdfOutlined aria-hidden />}
        loading={busy === 'pdf'}
        disabled={busy !== null}
        onClick={() => void exportAs('pdf')}
      >
        导出 PDF
      </Button>
      <Button
        icon={<DownloadOutlined aria-hidden />}
        loading={busy === 'json'}
        disabled={busy !== null}
        onClick={() => void exportAs('json')}
      >
        导出 JSON
      </Button>
    </Space>
  )
}

export function SalePage() {
  const { id = '' } = useParams()
  const location = useLocation()
  const navigate = useNavigate()
  const back = complianceHref((location.state as FromSearch | null)?.search ?? '')
  const { data, error, isLoading, mutate } = useSale(id)
  const [step, setStep] = useState(0)

  const header = (
    <div className="trail-header">
      <Button icon={<ArrowLeftOutlined aria-hidden />} onClick={() => navigate(back)}>
        返回查询
      </Button>
      <Typography.Title level={3} style={{ margin: 0, flex: 1 }}>
        销售过程{data ? `：${data.summary.productName}` : ''}
      </Typography.Title>
      {data && <ExportButtons detail={data} />}
    </div>
  )

  if (error)
    return (
      <div className="trail-page">
        {header}
        {error.status === 404 ? (
          <Result status="404" title="没有找到这次销售的记录" subTitle="记录编号可能有误。" />
        ) : (
          <Alert
            type="error"
            showIcon
            title={`销售过程加载失败：${errorMessage(error)}`}
            action={
              <Button size="small" onClick={() => void mutate()}>
                重试
              </Button>
            }
          />
        )}
      </div>
    )
  if (isLoading || !data)
    return (
      <div className="trail-page">
        {header}
        <Card loading />
      </div>
    )

  const current = Math.min(step, Math.max(0, data.records.length - 1))
  return (
    <div className="trail-page">
      {header}
      <Summary detail={data} />
      <div style={{ margin: '16px 0' }}>
        <ChainResult chain={data.chain} />
      </div>
      <div className="trail-columns">
        <section className="trail-timeline" aria-label="销售过程记录">
          <Typography.Title level={5}>
            记录（{data.records.length} 条，按发生时间排列，点击一条回放到那一步）
          </Typography.Title>
          {data.records.length === 0 ? (
            <Typography.Text type="secondary">这次销售还没有记录</Typography.Text>
          ) : (
            <Timeline
              items={data.records.map((record, index) => ({
                key: record.seq,
                color:
                  data.chain.brokenAtSeq === record.seq
                    ? 'red'
                    : record.source === 'server'
                      ? 'blue'
                      : 'gray',
                content: (
                  <RecordItem
                    detail={data}
                    record={record}
                    current={index === current}
                    onClick={() => setStep(index)}
                  />
                ),
              }))}
            />
          )}
        </section>
        <Replay detail={data} index={current} onStep={setStep} />
      </div>
    </div>
  )
}
