// 回放: the sale step by step in a phone frame, each step drawn from the versions the trail recorded (the product
// page, the documents, the purchase screens' texts of then), with what the buyer answered, agreed to and paid.
import { LeftOutlined, RightOutlined } from '@ant-design/icons'
import { Alert, Button, Checkbox, Descriptions, Radio, Space, Tag, Typography } from 'antd'
import type { ReactNode } from 'react'
import { MarkdownTree } from '../../components/MarkdownTree'
import type { TrailDetail, TrailRecord } from '../api/types'
import { formatTime } from '../format'
import { Missing, ProductSnapshot } from './PageContent'
import {
  confirmedTitles,
  documentMarks,
  documentOf,
  fillText,
  isProductScreen,
  outcomeName,
  payChannelName,
  planAt,
  productAt,
  relationText,
  textsAt,
} from './trail'
import { duration, SOURCE_NAMES, yuan } from './words'

interface StepProps {
  detail: TrailDetail
  record: TrailRecord
  index: number
}

interface Screen {
  /** The phone's title bar. */
  title: string
  body: ReactNode
}

function Texts({ detail, index, keys }: { detail: TrailDetail; index: number; keys: [string, ReactNode][] }) {
  const { number, texts } = textsAt(detail, index)
  if (number === undefined) return <Alert type="info" showIcon title="这次销售没有记录投保页面文字的版本" />
  if (!texts) return <Missing what={`投保页面文字第 ${number} 版`} />
  return (
    <div className="trail-texts-shown" aria-label={`投保页面文字第 ${number} 版`}>
      {keys.map(([key, text]) =>
        texts[key] === undefined ? null : (
          <div key={key} className="trail-text">
            {text}
          </div>
        ),
      )}
    </div>
  )
}

/** The texts at `index` with their places filled: `[key, values]` pairs. */
function TextsOf({
  detail,
  index,
  pairs,
}: {
  detail: TrailDetail
  index: number
  pairs: [string, Record<string, string | number>][]
}) {
  const { texts } = textsAt(detail, index)
  return (
    <Texts
      detail={detail}
      index={index}
      keys={pairs.map(([key, values]) => [key, fillText(texts?.[key] ?? '', values)])}
    />
  )
}

function ProductStep({ detail, index }: { detail: TrailDetail; index: number }) {
  const { number, product } = productAt(detail, index)
  if (number === undefined) return <Alert type="info" showIcon title="这一步没有记录产品资料的版本" />
  if (!product) return <Missing what={`产品资料第 ${number} 版`} />
  return (
    <>
      <Tag color="blue">产品资料第 {number} 版</Tag>
      <ProductSnapshot product={product} chosen={planAt(detail, index)} />
    </>
  )
}

function Mark({ label, pending, record }: { label: string; pending: string; record?: TrailRecord }) {
  return record ? (
    <Tag color="green">
      {label} {formatTime(record.clientAt ?? record.at, true)}
    </Tag>
  ) : (
    <Tag>{pending}</Tag>
  )
}

function DocumentStep({ detail, record, index }: StepProps) {
  const doc = documentOf(detail, record)
  const marks = documentMarks(detail, record, index)
  return (
    <>
      <Space wrap size={4} className="trail-marks" aria-label="文件状态">
        <Mark label="已打开" pending="未打开" record={marks.opened} />
        <Mark label="已读到末尾" pending="未读到末尾" record={marks.readToEnd} />
        <Mark label="已确认" pending="未确认" record={marks.confirmed} />
      </Space>
      <p className="trail-muted">
        {doc.documentVersion === undefined ? '未记录版本' : `第 ${doc.documentVersion} 版`}
        {record.data.documentHash ? ` · 哈希 ${record.data.documentHash.slice(0, 12)}` : ''}
      </p>
      {record.kind === 'document_confirmed' && (
        <TextsOf
          detail={detail}
          index={index}
          pairs={[['documentsAgreement', { documents: confirmedTitles(detail, index) }]]}
        />
      )}
      {doc.content ? (
        <article className="trail-markdown" aria-label={`${doc.title}正文`}>
          <MarkdownTree nodes={doc.content.body} />
        </article>
      ) : (
        <Missing
          what={`《${doc.title}》${doc.documentVersion === undefined ? '' : `第 ${doc.documentVersion} 版`}`}
        />
      )}
    </>
  )
}

function HealthStep({ detail, record, index }: StepProps) {
  const d = record.data
  const insured = relationText(d.insuredRelation)
  return (
    <>
      <TextsOf detail={detail} index={index} pairs={[['healthNotice', { insured }]]} />
      <p>被保险人：{insured}</p>
      <ol className="trail-questions">
        {(d.answers ?? []).map((a) => (
          <li key={a.questionId}>
            <p>{a.question}</p>
            <Radio.Group value={a.answer} disabled aria-label={a.question}>
              <Radio value="yes">是</Radio>
              <Radio value="no">否</Radio>
            </Radio.Group>
            {a.followUp && a.followUp.length > 0 && (
              <ul className="trail-muted" aria-label="追问回答">
                {a.followUp.map((f) => (
                  <li key={f}>{f}</li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ol>
      <Alert
        type={d.outcome === 'standard' ? 'success' : d.outcome === 'decline' ? 'error' : 'warning'}
        showIcon
        title={`核保结论：${outcomeName(d.outcome)}`}
        description={d.exclusions?.length ? `除外责任：${d.exclusions.join('；')}` : undefined}
      />
    </>
  )
}

function Facts({ items }: { items: [string, ReactNode][] }) {
  return (
    <Descriptions
      size="small"
      column={1}
      bordered
      items={items.map(([label, children]) => ({ key: label, label, children }))}
    />
  )
}

function ScreenVisit({ record }: { record: TrailRecord }) {
  const d = record.data
  return (
    <Facts
      items={[
        ['页面', d.title ?? '—'],
        ['地址', d.screen ?? '—'],
        ...(d.durationMs === undefined ? [] : [['停留', duration(d.durationMs)] as [string, ReactNode]]),
      ]}
    />
  )
}

function screenOf(props: StepProps): Screen {
  const { detail, record, index } = props
  const d = record.data
  switch (record.kind) {
    case 'trail_opened':
      return { title: '产品详情', body: <ProductStep detail={detail} index={index} /> }
    case 'screen_enter':
    case 'screen_leave':
      return {
        title: d.title ?? '页面',
        body: (
          <>
            <ScreenVisit record={record} />
            {isProductScreen(d.screen) && <ProductStep detail={detail} index={index} />}
          </>
        ),
      }
    case 'document_open':
    case 'document_end':
    case 'document_close':
    case 'document_opened':
    case 'document_confirmed':
      return { title: documentOf(detail, record).title, body: <DocumentStep {...props} /> }
    case 'recording_notice':
      return {
        title: '投保提示',
        body: (
          <>
            <p>您即将进入《{detail.summary.productName}》的投保流程。</p>
            <TextsOf
              detail={detail}
              index={index}
              pairs={[
                ['recordingNotice', {}],
                ['recordingUse', {}],
              ]}
            />
            <ProductStep detail={detail} index={index} />
          </>
        ),
      }
    case 'consent':
      return {
        title: '授权同意',
        body: (
          <>
            {d.reason && <Alert type="warning" showIcon title={d.reason} />}
            <Checkbox checked={Boolean(d.consentedAt)} disabled>
              {d.consent ?? '—'}
            </Checkbox>
            <Facts
              items={[
                ['同意时间', formatTime(d.consentedAt, true)],
                ['文本版本', d.consentVersion ?? '—'],
              ]}
            />
          </>
        ),
      }
    case 'health_answered':
      return { title: '健康告知', body: <HealthStep {...props} /> }
    case 'quote_shown':
      return {
        title: '确认保费',
        body: (
          <Facts
            items={[
              ['保费', <strong key="p">{yuan(d.premiumFen)}</strong>],
              ['页面显示保费', yuan(d.displayedPremiumFen)],
              ['投保人', d.holder ?? '—'],
              ['被保险人', d.insured ?? '—'],
            ]}
          />
        ),
      }
    case 'price_change_shown':
    case 'price_change_accepted':
      return {
        title: '保费变更',
        body: (
          <>
            <Alert
              type={record.kind === 'price_change_accepted' ? 'success' : 'warning'}
              showIcon
              title={
                record.kind === 'price_change_accepted' ? '买家已接受新的保费' : '保费有变化，已提示买家'
              }
            />
            <Facts
              items={[
                ['原保费', yuan(d.previousPremiumFen)],
                ['新保费', <strong key="p">{yuan(d.premiumFen)}</strong>],
              ]}
            />
          </>
        ),
      }
    case 'order_created':
      return {
        title: '订单',
        body: (
          <Facts
            items={[
              ['订单号', d.orderNo ?? '—'],
              ['应付保费', yuan(d.premiumFen)],
            ]}
          />
        ),
      }
    case 'payment':
      return {
        title: '支付',
        body: (
          <Facts
            items={[
              ['支付单号', d.paymentNo ?? '—'],
              ['支付方式', payChannelName(d.payChannel)],
              ['支付金额', yuan(d.premiumFen)],
            ]}
          />
        ),
      }
    case 'policy_issued': {
      const cooling = productAt(detail, index).product?.coolingOffDays
      return {
        title: '投保成功',
        body: (
          <>
            <Facts
              items={[
                ['保单号', d.policyNo ?? '—'],
                ['生效日期', d.effectiveDate ?? '—'],
                ['保障至', formatTime(d.expiresAt)],
              ]}
            />
            <TextsOf
              detail={detail}
              index={index}
              pairs={[
                cooling ? ['coolingOff', { days: cooling }] : ['noCoolingOff', {}],
                ['policyRecorded', {}],
              ]}
            />
          </>
        ),
      }
    }
    case 'contract_ended':
      return { title: '合同终止', body: <Facts items={[['终止原因', d.reason ?? '—']]} /> }
  }
}

export function Replay({
  detail,
  index,
  onStep,
}: {
  detail: TrailDetail
  index: number
  onStep: (index: number) => void
}) {
  const total = detail.records.length
  const record = detail.records[index]
  if (!record) return <Alert type="info" showIcon title="这次销售还没有记录" />
  const screen = screenOf({ detail, record, index })
  return (
    <section className="trail-replay" aria-label="回放">
      <div className="trail-replay-controls">
        <Button icon={<LeftOutlined aria-hidden />} disabled={index === 0} onClick={() => onStep(index - 1)}>
          上一步
        </Button>
        <Typography.Text aria-live="polite">
          第 {index + 1} / {total} 步
        </Typography.Text>
        <Button disabled={index >= total - 1} onClick={() => onStep(index + 1)}>
          下一步
          <RightOutlined aria-hidden />
        </Button>
      </div>
      <div className="trail-step-caption">
        <Tag color={record.source === 'server' ? 'blue' : 'purple'}>{SOURCE_NAMES[record.source]}</Tag>
        <Typography.Text strong>{record.label}</Typography.Text>
        <div className="trail-muted">
          服务器时间 {formatTime(record.at, true)}
          {record.clientAt && ` · 浏览器时间 ${formatTime(record.clientAt, true)}`}
        </div>
      </div>
      <div className="trail-phone">
        <div className="trail-phone-screen" data-testid="replay-screen">
          <div className="trail-phone-bar">{screen.title}</div>
          <div className="trail-phone-body">{screen.body}</div>
        </div>
      </div>
    </section>
  )
}
