// 合作方状态: per partner insurer, its circuit breaker, its calls of the last 24 h (outcomes, latency), the paid
// orders waiting to be issued, and the failed issues and refunds of the last 24 h. Counts only, no personal data.
import { ReloadOutlined } from '@ant-design/icons'
import { Alert, Button, Card, Descriptions, Space, Table, Tag, Typography } from 'antd'
import { errorMessage } from '../api/client'
import { usePartnerHealth } from '../api/hooks'
import type { PartnerHealthItem } from '../api/types'
import { formatTime } from '../format'

type Call = PartnerHealthItem['recentCalls'][number]
type BreakerState = PartnerHealthItem['breaker']['state']

const BREAKER: Record<BreakerState, { color: string; text: string }> = {
  closed: { color: 'green', text: '正常' },
  open: { color: 'red', text: '熔断中' },
  halfOpen: { color: 'orange', text: '试探恢复中' },
}

export const OPERATION_NAMES: Record<Call['operation'], string> = {
  quote: '报价',
  underwrite: '核保',
  issue: '出单',
  query: '查询',
  surrender: '退保',
  cancel: '撤销投保',
}

export const OUTCOME_NAMES: Record<Call['outcome'], string> = {
  ok: '成功',
  rejected: '拒绝',
  timeout: '超时',
  unreachable: '无法连接',
  malformed: '应答异常',
  error: '系统错误',
}

const ms = (value: number | null) => (value === null ? '—' : `${value} 毫秒`)

/** How long ago, in Chinese (分钟/小时/天). */
function waitedSince(iso: string | null, generatedAt: string): string {
  if (!iso) return '—'
  const minutes = Math.max(0, Math.floor((Date.parse(generatedAt) - Date.parse(iso)) / 60_000))
  if (minutes < 60) return `${minutes} 分钟`
  if (minutes < 24 * 60) return `${Math.floor(minutes / 60)} 小时 ${minutes % 60} 分钟`
  return `${Math.floor(minutes / (24 * 60))} 天 ${Math.floor((minutes % (24 * 60)) / 60)} 小时`
}

function PartnerCard({ item, generatedAt }: { item: PartnerHealthItem; generatedAt: string }) {
  const breaker = BREAKER[item.breaker.state]
  const { calls } = item
  const unavailable = calls.timeout + calls.unreachable + calls.malformed + calls.error
  return (
    <Card
      title={item.name}
      extra={
        <Tag color={breaker.color} data-testid="breaker-state">
          {breaker.text}
        </Tag>
      }
      style={{ marginBottom: 16 }}
    >
      {item.breaker.state !== 'closed' && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title={`保险公司系统不可用，调用已暂停（${formatTime(item.breaker.openedAt, true)} 起），${formatTime(item.breaker.retryAt, true)} 后试探恢复；用户报价、投保会立即看到“保险公司系统繁忙”，已支付订单等待出单。`}
        />
      )}
      <Descriptions bordered size="small" column={3} style={{ marginBottom: 16 }}>
        <Descriptions.Item label="待出单订单">{item.issuing.waiting} 笔</Descriptions.Item>
        <Descriptions.Item label="最久已等待">
          {waitedSince(item.issuing.oldestPaidAt, generatedAt)}
        </Descriptions.Item>
        <Descriptions.Item label="连续失败">{item.breaker.consecutiveFailures} 次</Descriptions.Item>
        <Descriptions.Item label="近24小时出单失败">{item.failedIssues24h} 笔</Descriptions.Item>
        <Descriptions.Item label="近24小时退款">{item.refunds24h} 笔</Descriptions.Item>
        <Descriptions.Item label="近24小时调用">{calls.total} 次</Descriptions.Item>
        <Descriptions.Item label="成功 / 拒绝">
          {calls.ok} / {calls.rejected}
        </Descriptions.Item>
        <Descriptions.Item label="不可用">
          {unavailable} 次（超时 {calls.timeout}、无法连接 {calls.unreachable}、应答异常 {calls.malformed}
          、系统错误 {calls.error}）
        </Descriptions.Item>
        <Descriptions.Item label="平均 / 最长耗时">
          {ms(calls.avgMs)} / {ms(calls.maxMs)}
        </Descriptions.Item>
      </Descriptions>
      <Typography.Title level={5}>最近调用</Typography.Title>
      <Table<Call>
        size="small"
        rowKey={(call) => `${call.at}-${call.operation}-${call.durationMs}`}
        dataSource={item.recentCalls}
        pagination={false}
        locale={{ emptyText: '还没有调用记录' }}
        columns={[
          { title: '时间', dataIndex: 'at', width: 180, render: (at: string) => formatTime(at, true) },
          {
            title: '接口',
            dataIndex: 'operation',
            width: 120,
            render: (op: Call['operation']) => OPERATION_NAMES[op],
          },
          {
            title: '结果',
            dataIndex: 'outcome',
            width: 120,
            render: (outcome: Call['outcome']) => (
              <Tag color={outcome === 'ok' ? 'green' : outcome === 'rejected' ? 'default' : 'red'}>
                {OUTCOME_NAMES[outcome]}
              </Tag>
            ),
          },
          { title: '耗时', dataIndex: 'durationMs', width: 120, render: (d: number) => ms(d) },
          {
            title: 'HTTP 状态',
            dataIndex: 'httpStatus',
            render: (status: number | null) => (status === null ? '无应答' : status),
          },
        ]}
      />
    </Card>
  )
}

export function PartnerHealthPage() {
  const { data, error, isLoading, isValidating, mutate } = usePartnerHealth()
  return (
    <div style={{ padding: 24 }}>
      <div style={{ display: 'flex', alignItems: 'center', gap: 16, marginBottom: 16 }}>
        <Typography.Title level={3} style={{ margin: 0, flex: 1 }}>
          合作方状态
        </Typography.Title>
        <Space>
          {data && (
            <Typography.Text type="secondary">更新于 {formatTime(data.generatedAt, true)}</Typography.Text>
          )}
          <Button
            icon={<ReloadOutlined aria-hidden />}
            onClick={() => void mutate()}
            loading={isValidating && !isLoading}
          >
            刷新
          </Button>
        </Space>
      </div>
      {error && (
        <Alert
          type="error"
          showIcon
          title={`合作方状态加载失败：${errorMessage(error)}`}
          style={{ marginBottom: 16 }}
        />
      )}
      {isLoading && <Card loading />}
      {data?.partners.map((item) => (
        <PartnerCard key={item.partner} item={item} generatedAt={data.generatedAt} />
      ))}
    </div>
  )
}
