// One A/B test: its settings, its progress to the horizon, per variant the visitors, conversions, rate with its
// 95 % interval and the difference with the control; the verdict only once every variant reached the horizon
// (数据收集中 before). Publishers start, stop and promote the winner (推广胜出版本: publishes its version now).
import {
  Alert,
  App,
  Button,
  Descriptions,
  Progress,
  Radio,
  Space,
  Spin,
  Table,
  Tag,
  Typography,
  Modal,
} from 'antd'
import { useState, type HTMLAttributes } from 'react'
import { errorMessage } from '../api/client'
import { experimentsApi, type Experiment, type VariantKey, type VariantResult } from '../api/experiments'
import { formatTime } from '../format'
import { Blocked } from '../page/Blocked'
import { NEEDS_PUBLISHER } from '../session'
import { useExperimentResults } from './hooks'
import { goalWords, percent, points, pText, statusText, STATUS_COLORS, verdictText } from './words'

export interface ExperimentResultsViewProps {
  test: Experiment
  canPublish: boolean
  /** After a start, stop, promotion or deletion: reload the list (and the page). */
  onChanged(): Promise<unknown>
}

/** Below this the visitors did not split as the weights say: something is broken (docs/analytics.md#ab-tests). */
const SAMPLE_RATIO_ALARM = 0.001

export function ExperimentResultsView({ test, canPublish, onChanged }: ExperimentResultsViewProps) {
  const { modal, message } = App.useApp()
  // A draft has no results to read.
  const results = useExperimentResults(test.status === 'draft' ? null : test.id, test.status === 'running')
  const [busy, setBusy] = useState<null | 'start' | 'stop' | 'promote' | 'delete'>(null)
  const [promoting, setPromoting] = useState(false)

  const act = async (kind: 'start' | 'stop' | 'delete', done: string) => {
    setBusy(kind)
    try {
      if (kind === 'start') await experimentsApi.start(test.id)
      else if (kind === 'stop') await experimentsApi.stop(test.id)
      else await experimentsApi.remove(test.id)
      message.success(done)
      await onChanged()
      if (kind !== 'delete') await results.mutate()
    } catch (e) {
      message.error(errorMessage(e))
    } finally {
      setBusy(null)
    }
  }

  const confirmStart = () =>
    modal.confirm({
      title: `开始 A/B 测试「${test.name}」？`,
      content: `访客将按流量分到 ${test.variants.map((v) => `${v.key}（v${v.version} ${v.weight}%）`).join('、')}，同一位访客始终看到同一版本。每组需要 ${test.samplePerVariant.toLocaleString('zh-CN')} 位访客后才给出结论。`,
      okText: '开始测试',
      cancelText: '取消',
      onOk: () => act('start', '测试已开始'),
    })
  const confirmStop = () =>
    modal.confirm({
      title: `停止 A/B 测试「${test.name}」？`,
      content:
        '停止后所有访客都看到线上版本，测试不能再开始（可以新建一个）。已收集的数据保留，仍可推广胜出版本。',
      okText: '停止测试',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: () => act('stop', '测试已停止'),
    })
  const confirmDelete = () =>
    modal.confirm({
      title: `删除未开始的测试「${test.name}」？`,
      okText: '删除',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: () => act('delete', '已删除'),
    })

  const data = results.data
  const verdict = data ? verdictText(data) : null
  const before = data ? !data.reachedHorizon : true
  const promotable = test.status !== 'draft' && !test.winner

  const columns = [
    {
      title: '版本',
      key: 'key',
      width: 170,
      render: (_: unknown, v: VariantResult) => (
        <Space size={4} style={{ whiteSpace: 'nowrap' }}>
          <Tag color={v.key === 'A' ? 'blue' : 'purple'}>{v.key}</Tag>
          <span>{v.label || (v.key === 'A' ? '对照组' : '')}</span>
          <Typography.Text type="secondary">v{v.version}</Typography.Text>
        </Space>
      ),
    },
    // Short columns keep their headers on one line (访客, not 访/客).
    { title: '流量', dataIndex: 'weight', width: 64, render: (w: number) => `${w}%` },
    { title: '访客', dataIndex: 'visitors', width: 80, render: (n: number) => n.toLocaleString('zh-CN') },
    { title: '转化', dataIndex: 'conversions', width: 72, render: (n: number) => n.toLocaleString('zh-CN') },
    {
      title: '转化率（95% 区间）',
      key: 'rate',
      render: (_: unknown, v: VariantResult) =>
        v.visitors
          ? `${percent(v.rate)}（${percent(v.rateInterval.low)}～${percent(v.rateInterval.high)}）`
          : '—',
    },
    {
      title:
        data && data.comparisons > 1
          ? `与对照组之差（${percent(data.differenceLevel)} 区间）`
          : '与对照组之差（95% 区间）',
      key: 'difference',
      render: (_: unknown, v: VariantResult) =>
        v.comparison && v.visitors ? (
          <span>
            {points(v.comparison.difference)}
            <Typography.Text type="secondary">
              （{points(v.comparison.differenceInterval.low)}～{points(v.comparison.differenceInterval.high)}
              ）
            </Typography.Text>
          </span>
        ) : v.key === 'A' ? (
          '对照组'
        ) : (
          '—'
        ),
    },
    {
      title: '显著性',
      key: 'p',
      render: (_: unknown, v: VariantResult) => {
        if (!v.comparison || !v.visitors) return '—'
        const text = `z = ${v.comparison.z.toFixed(2)}，${pText(v.comparison.p)}`
        // Before the horizon the p-value is shown for what it is: no reading.
        if (v.comparison.significant === null)
          return <Typography.Text type="secondary">{text}（未达样本量，仅供参考）</Typography.Text>
        return v.comparison.significant ? (
          <Typography.Text type="success">{text} 显著</Typography.Text>
        ) : (
          `${text} 不显著`
        )
      },
    },
    {
      title: '样本进度',
      key: 'progress',
      render: (_: unknown, v: VariantResult) => (
        <Progress percent={Math.floor(v.progress * 100)} size="small" style={{ width: 120 }} />
      ),
    },
  ]

  return (
    <section aria-label={`A/B 测试「${test.name}」`} data-testid="experiment-results">
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Space wrap style={{ justifyContent: 'space-between', width: '100%' }}>
          <Space wrap>
            <Typography.Title level={4} style={{ margin: 0 }}>
              {test.name}
            </Typography.Title>
            <Tag color={STATUS_COLORS[test.status]} data-testid="experiment-status">
              {statusText(test)}
            </Tag>
          </Space>
          <Space wrap>
            {test.status === 'draft' && (
              <Button danger disabled={busy !== null} loading={busy === 'delete'} onClick={confirmDelete}>
                删除
              </Button>
            )}
            {test.status === 'draft' && (
              <Blocked reason={canPublish ? null : NEEDS_PUBLISHER} id={`start-blocked-${test.id}`}>
                <Button
                  type="primary"
                  disabled={!canPublish || busy !== null}
                  loading={busy === 'start'}
                  onClick={confirmStart}
                >
                  开始测试
                </Button>
              </Blocked>
            )}
            {test.status === 'running' && (
              <Blocked reason={canPublish ? null : NEEDS_PUBLISHER} id={`stop-blocked-${test.id}`}>
                <Button
                  danger
                  disabled={!canPublish || busy !== null}
                  loading={busy === 'stop'}
                  onClick={confirmStop}
                >
                  停止测试
                </Button>
              </Blocked>
            )}
            {promotable && (
              <Blocked reason={canPublish ? null : NEEDS_PUBLISHER} id={`promote-blocked-${test.id}`}>
                <Button
                  type="primary"
                  disabled={!canPublish || busy !== null}
                  loading={busy === 'promote'}
                  onClick={() => setPromoting(true)}
                >
                  推广胜出版本
                </Button>
              </Blocked>
            )}
          </Space>
        </Space>
        <Descriptions size="small" column={{ xs: 1, md: 3 }}>
          <Descriptions.Item label="目标">{goalWords(test.goal)}</Descriptions.Item>
          <Descriptions.Item label="每组样本量">
            {test.samplePerVariant.toLocaleString('zh-CN')} 位访客
          </Descriptions.Item>
          <Descriptions.Item label="基准转化率 / 最小提升">
            {percent(test.baselineRate)} / {percent(test.minEffect)}
          </Descriptions.Item>
          <Descriptions.Item label="开始">{formatTime(test.startedAt)}</Descriptions.Item>
          <Descriptions.Item label="结束">{formatTime(test.stoppedAt)}</Descriptions.Item>
          <Descriptions.Item label="创建">
            {test.createdBy} {formatTime(test.createdAt)}
          </Descriptions.Item>
        </Descriptions>
        {test.paused && (
          <Alert
            type="warning"
            showIcon
            title="线上版本已不是对照组 A 的版本：暂停分流，访客都看到线上版本。回滚到对照组版本即恢复，或停止测试。"
          />
        )}
        {test.status === 'draft' ? (
          <Alert type="info" showIcon title="测试尚未开始：开始后访客才会被分到各版本（需要发布员）。" />
        ) : results.error ? (
          <Alert
            type="error"
            showIcon
            title={`结果加载失败：${errorMessage(results.error)}`}
            action={
              <Button size="small" onClick={() => void results.mutate()}>
                重试
              </Button>
            }
          />
        ) : !data ? (
          <Spin description="正在加载结果…" />
        ) : (
          <>
            {verdict && (
              <Alert type={verdict.type} showIcon title={verdict.text} data-testid="experiment-verdict" />
            )}
            <div data-testid="experiment-progress">
              <Typography.Text>样本进度（最慢一组）</Typography.Text>
              <Progress
                percent={Math.floor(data.progress * 100)}
                status={data.reachedHorizon ? 'success' : 'active'}
              />
            </div>
            {data.sampleRatioP !== null && data.sampleRatioP < SAMPLE_RATIO_ALARM && (
              <Alert
                type="error"
                showIcon
                title={`分流比例异常（卡方检验 ${pText(data.sampleRatioP)}）：各组访客数与设定的流量不符，结果不可信，请检查缓存或统计。`}
              />
            )}
            <Table
              rowKey="key"
              size="small"
              pagination={false}
              columns={columns}
              dataSource={data.variants}
              aria-label="各版本结果"
              onRow={(v) => ({ 'data-testid': `variant-row-${v.key}` }) as HTMLAttributes<HTMLElement>}
            />
            <Typography.Paragraph type="secondary" style={{ fontSize: 12, marginBottom: 0 }}>
              固定样本量的双侧两比例 z 检验（合并比例），α = 0.05
              {data.comparisons > 1
                ? `，${data.comparisons} 组与对照组比较按 Bonferroni 校正为 ${data.alpha.toPrecision(2)}`
                : ''}
              ；转化率区间为 Wilson 95% 区间。
              {before ? '未达样本量前不下结论：中途反复查看并提前停止会大大增加误判。' : ''}
              数据截至 {formatTime(data.dataUpTo)}（约每分钟汇总一次）。
            </Typography.Paragraph>
          </>
        )}
      </Space>
      <PromoteDialog
        open={promoting}
        test={test}
        suggested={data?.verdict.winner}
        beforeHorizon={before}
        onClose={() => setPromoting(false)}
        onPromoted={async () => {
          await onChanged()
          await results.mutate()
        }}
      />
    </section>
  )
}

interface PromoteDialogProps {
  open: boolean
  test: Experiment
  suggested: VariantKey | undefined
  beforeHorizon: boolean
  onClose(): void
  onPromoted(): Promise<void>
}

/** 推广胜出版本: pick the variant; its version is published as the live version now and the test ends. */
function PromoteDialog({ open, test, suggested, beforeHorizon, onClose, onPromoted }: PromoteDialogProps) {
  const { message } = App.useApp()
  const [picked, setPicked] = useState<VariantKey | null>(null)
  const [submitting, setSubmitting] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const key = picked ?? suggested ?? (test.variants[1]?.key as VariantKey)
  const variant = test.variants.find((v) => v.key === key)

  const submit = async () => {
    if (!variant) return
    setSubmitting(true)
    setError(null)
    try {
      await experimentsApi.promote(test.id, key)
      message.success(`已把版本 ${key}（v${variant.version}）发布为线上版本，测试结束`)
      onClose()
      await onPromoted()
    } catch (e) {
      setError(errorMessage(e))
    } finally {
      setSubmitting(false)
    }
  }

  return (
    <Modal
      title="推广胜出版本"
      open={open}
      onCancel={onClose}
      onOk={submit}
      okText="发布为线上版本"
      cancelText="取消"
      confirmLoading={submitting}
      okButtonProps={{ disabled: !variant || submitting }}
      destroyOnHidden
    >
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Radio.Group
          aria-label="推广的版本"
          value={key}
          disabled={submitting}
          onChange={(event) => setPicked(event.target.value as VariantKey)}
          options={test.variants.map((v) => ({
            value: v.key,
            label: `${v.key}${v.label ? `（${v.label}）` : ''} v${v.version}${v.key === suggested ? ' · 胜出' : ''}`,
          }))}
        />
        {variant && (
          <Typography.Paragraph data-testid="promote-summary" style={{ marginBottom: 0 }}>
            这会把版本 {key} 的页面版本 v{variant.version}{' '}
            立即发布为线上版本（同回滚，记入操作日志），并结束测试。
          </Typography.Paragraph>
        )}
        {beforeHorizon && (
          <Alert type="warning" showIcon title="尚未达到样本量：现在的差异可能只是偶然，推广前请确认。" />
        )}
        {error && (
          <Typography.Paragraph type="danger" role="alert" style={{ marginBottom: 0 }}>
            {error}
          </Typography.Paragraph>
        )}
      </Space>
    </Modal>
  )
}
