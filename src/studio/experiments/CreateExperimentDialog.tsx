// 新建 A/B 测试: the variants (versions of the page, A the control: the live version by default) with their share of
// the visitors, the goal (a click on a block of the control, a draw, a paid order), and the baseline rate and the
// smallest effect worth finding, from which the visitors each variant needs (the fixed horizon) show as they are
// typed. A version not live yet is made here from the saved draft (存草稿为新版本).
import { App, Alert, Button, Form, Input, InputNumber, Modal, Select, Space, Tag, Typography } from 'antd'
import { useMemo, useState } from 'react'
import useSWR from 'swr'
import { comparisonsOf, horizonProblem, sampleSizePerVariant } from '../../domain/abStats'
import {
  GOAL_NAMES,
  goalProblems,
  MAX_LABEL_LENGTH,
  MAX_VARIANTS,
  MIN_VARIANTS,
  trackedBlocks,
  VARIANT_KEYS,
  variantProblems,
  type ExperimentGoal,
  type Variant,
} from '../../domain/experiments'
import { errorMessage } from '../api/client'
import { studioApi } from '../api/endpoints'
import { experimentsApi, type CreateExperiment, type Experiment } from '../api/experiments'
import { usePage, useVersions } from '../api/hooks'
import type { PageVersion } from '../api/types'
import { formatTime } from '../format'

export interface CreateExperimentDialogProps {
  open: boolean
  pageId: string
  liveVersion: number | null
  onClose(): void
  onCreated(test: Experiment): void
}

interface Row {
  version: number | null
  weight: number | null
  label: string
}

type GoalKind = ExperimentGoal['kind']

/** Weights summing to 100 spread evenly (the first takes what is left over). */
const evenWeights = (count: number) =>
  Array.from({ length: count }, (_, i) => Math.floor(100 / count) + (i === 0 ? 100 % count : 0))

/** The live version as A (原版) and the newest other version as B (新版); none before the versions are in. */
function defaultRows(list: readonly PageVersion[], live: number | null): Row[] {
  if (!list.length) return []
  const other = list.find((v) => v.version !== live)
  return [
    { version: live ?? list[0].version, weight: 50, label: '原版' },
    { version: other?.version ?? null, weight: 50, label: '新版' },
  ]
}

function versionLabel(v: PageVersion, live: number | null): string {
  const state = v.version === live ? '线上' : v.publications.length ? '曾发布' : '未发布'
  return `v${v.version}（${state}）· ${formatTime(v.createdAt)} ${v.createdBy}`
}

export function CreateExperimentDialog({
  open,
  pageId,
  liveVersion,
  onClose,
  onCreated,
}: CreateExperimentDialogProps) {
  const { message } = App.useApp()
  const versions = useVersions(pageId, open)
  const page = usePage(pageId)
  const [name, setName] = useState('')
  // The rows as edited; until then the defaults (defaultRows) as the versions come in.
  const [edited, setEdited] = useState<Row[] | null>(null)
  const [goalKind, setGoalKind] = useState<GoalKind>('click')
  const [blockId, setBlockId] = useState<string | null>(null)
  const [baseline, setBaseline] = useState<number | null>(10)
  const [effect, setEffect] = useState<number | null>(20)
  const [submitting, setSubmitting] = useState(false)
  const [savingVersion, setSavingVersion] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const list = useMemo(() => versions.data?.versions ?? [], [versions.data])

  const rows = useMemo(() => edited ?? defaultRows(list, liveVersion), [edited, list, liveVersion])
  const setRows = (change: (current: Row[]) => Row[]) =>
    setEdited((current) => change(current ?? defaultRows(list, liveVersion)))

  const controlVersion = rows[0]?.version ?? null
  const control = useSWR(controlVersion === null ? null : ['studio', 'version', pageId, controlVersion], () =>
    studioApi.version(pageId, controlVersion ?? 0),
  )
  const blocks = useMemo(() => (control.data ? trackedBlocks(control.data.config) : []), [control.data])

  const variants: Variant[] = rows.map((row, i) => ({
    key: VARIANT_KEYS[i],
    version: row.version ?? 0,
    weight: row.weight ?? 0,
    label: row.label.trim(),
  }))
  const goal: ExperimentGoal =
    goalKind === 'click' ? { kind: 'click', blockId: blockId ?? '' } : { kind: goalKind }
  const horizonInput = {
    baselineRate: (baseline ?? 0) / 100,
    minEffect: (effect ?? 0) / 100,
    variants: rows.length,
  }
  const horizon = horizonProblem(horizonInput)
  const sample = horizon ? null : sampleSizePerVariant(horizonInput)
  const problems = [
    ...(name.trim() ? [] : [{ field: 'name', message: '请填写测试名称' }]),
    ...variantProblems(variants),
    ...goalProblems(goal),
    ...(horizon ? [horizon] : []),
  ]
  const total = rows.reduce((sum, row) => sum + (row.weight ?? 0), 0)

  const setRow = (index: number, change: Partial<Row>) =>
    setRows((current) => current.map((row, i) => (i === index ? { ...row, ...change } : row)))
  const addRow = () =>
    setRows((current) => {
      const weights = evenWeights(current.length + 1)
      return [...current, { version: null, weight: 0, label: '' }].map((row, i) => ({
        ...row,
        weight: weights[i],
      }))
    })
  const removeRow = (index: number) =>
    setRows((current) => {
      const kept = current.filter((_, i) => i !== index)
      const weights = evenWeights(kept.length)
      return kept.map((row, i) => ({ ...row, weight: weights[i] }))
    })

  const saveDraftAsVersion = async () => {
    const detail = page.data
    if (!detail) return
    setSavingVersion(true)
    try {
      const saved = await experimentsApi.saveVersion(pageId, detail.draftRevision)
      message.success(`已把草稿（修订 ${detail.draftRevision}）存为版本 v${saved.version}（未发布）`)
      await versions.mutate()
      setRows((current) => {
        const empty = current.findIndex((row, i) => i > 0 && row.version === null)
        const at = empty >= 0 ? empty : Math.min(1, current.length - 1)
        return current.map((row, i) => (i === at ? { ...row, version: saved.version } : row))
      })
    } catch (e) {
      message.error(errorMessage(e))
    } finally {
      setSavingVersion(false)
    }
  }

  const submit = async () => {
    if (problems.length || submitting) return
    setSubmitting(true)
    setError(null)
    try {
      const input: CreateExperiment = {
        name: name.trim(),
        variants: variants as CreateExperiment['variants'],
        goal,
        baselineRate: horizonInput.baselineRate,
        minEffect: horizonInput.minEffect,
      }
      const created = await experimentsApi.create(pageId, input)
      message.success(`已新建 A/B 测试「${created.name}」`)
      onCreated(created)
      onClose()
    } catch (e) {
      setError(errorMessage(e))
    } finally {
      setSubmitting(false)
    }
  }

  const versionOptions = list.map((v) => ({ value: v.version, label: versionLabel(v, liveVersion) }))
  const draftBlocker = page.data
    ? page.data.draftErrors > 0
      ? `草稿有 ${page.data.draftErrors} 个错误，修正后才能存为版本`
      : null
    : '正在加载草稿…'

  return (
    <Modal
      title="新建 A/B 测试"
      open={open}
      width={760}
      onCancel={onClose}
      onOk={submit}
      okText="创建测试"
      cancelText="取消"
      okButtonProps={{ disabled: problems.length > 0 || submitting }}
      confirmLoading={submitting}
      destroyOnHidden
    >
      <Form layout="vertical" disabled={submitting}>
        <Form.Item label="测试名称" required>
          <Input
            aria-label="测试名称"
            value={name}
            maxLength={40}
            placeholder="例如：按钮文案测试"
            onChange={(event) => setName(event.target.value)}
          />
        </Form.Item>
        <Form.Item
          label="版本与流量"
          required
          extra="A 为对照组（通常是线上版本）；各组是页面的不同版本，流量之和须为 100%。同一位访客始终看到同一个版本。"
        >
          <Space orientation="vertical" style={{ width: '100%' }}>
            {rows.map((row, i) => (
              <Space key={VARIANT_KEYS[i]} wrap data-testid={`variant-row-${VARIANT_KEYS[i]}`}>
                <Tag color={i === 0 ? 'blue' : 'purple'}>{VARIANT_KEYS[i]}</Tag>
                <Select
                  aria-label={`版本 ${VARIANT_KEYS[i]} 的页面版本`}
                  style={{ width: 300 }}
                  loading={versions.isLoading}
                  placeholder="选择页面版本"
                  value={row.version ?? undefined}
                  options={versionOptions}
                  onChange={(value: number) => setRow(i, { version: value })}
                />
                <Input
                  aria-label={`版本 ${VARIANT_KEYS[i]} 的名称`}
                  style={{ width: 140 }}
                  maxLength={MAX_LABEL_LENGTH}
                  placeholder="名称"
                  value={row.label}
                  onChange={(event) => setRow(i, { label: event.target.value })}
                />
                <InputNumber
                  aria-label={`版本 ${VARIANT_KEYS[i]} 流量（%）`}
                  min={1}
                  max={99}
                  precision={0}
                  suffix="%"
                  style={{ width: 100 }}
                  value={row.weight}
                  onChange={(value) => setRow(i, { weight: value })}
                />
                {i >= MIN_VARIANTS && (
                  <Button type="link" danger onClick={() => removeRow(i)}>
                    移除
                  </Button>
                )}
              </Space>
            ))}
            <Space wrap>
              <Button disabled={rows.length >= MAX_VARIANTS} onClick={addRow}>
                添加版本
              </Button>
              <Button
                onClick={() =>
                  setRows((current) =>
                    current.map((row, i) => ({ ...row, weight: evenWeights(current.length)[i] })),
                  )
                }
              >
                平均分配
              </Button>
              <Button
                loading={savingVersion}
                disabled={savingVersion || draftBlocker !== null}
                title={draftBlocker ?? undefined}
                onClick={saveDraftAsVersion}
              >
                存草稿为新版本{page.data ? `（修订 ${page.data.draftRevision}）` : ''}
              </Button>
              <Typography.Text type={total === 100 ? 'secondary' : 'danger'} data-testid="weight-total">
                合计 {total}%
              </Typography.Text>
            </Space>
          </Space>
        </Form.Item>
        <Form.Item label="目标" required extra="访客进入测试（看到页面）之后达成目标，计为一次转化。">
          <Space wrap>
            <Select
              aria-label="目标"
              style={{ width: 160 }}
              value={goalKind}
              options={(Object.keys(GOAL_NAMES) as GoalKind[]).map((kind) => ({
                value: kind,
                label: GOAL_NAMES[kind],
              }))}
              onChange={(value: GoalKind) => setGoalKind(value)}
            />
            {goalKind === 'click' && (
              <Select
                aria-label="目标模块"
                style={{ width: 320 }}
                placeholder="选择对照组中的模块"
                loading={control.isLoading}
                value={blockId ?? undefined}
                options={blocks.map((b) => ({
                  value: b.id,
                  label: `${b.id}（第 ${b.index + 1} 个模块，${b.type}）`,
                }))}
                onChange={(value: string) => setBlockId(value)}
              />
            )}
          </Space>
        </Form.Item>
        <Form.Item label="样本量" required>
          <Space wrap align="center">
            <span>基准转化率</span>
            <InputNumber
              aria-label="基准转化率（%）"
              min={0.01}
              max={99.99}
              step={0.5}
              suffix="%"
              style={{ width: 110 }}
              value={baseline}
              onChange={setBaseline}
            />
            <span>最小可检测提升</span>
            <InputNumber
              aria-label="最小可检测提升（%）"
              min={1}
              max={1000}
              step={5}
              suffix="%"
              style={{ width: 110 }}
              value={effect}
              onChange={setEffect}
            />
          </Space>
          <Typography.Paragraph style={{ marginTop: 8, marginBottom: 0 }} data-testid="sample-size">
            {sample !== null ? (
              <>
                每组需要 <Typography.Text strong>{sample.toLocaleString('zh-CN')}</Typography.Text> 位访客（共{' '}
                {(sample * rows.length).toLocaleString('zh-CN')} 位）才能得出结论
                {comparisonsOf(rows.length) > 1
                  ? `（${comparisonsOf(rows.length)} 组比较，已按 Bonferroni 校正）`
                  : ''}
              </>
            ) : (
              <Typography.Text type="danger">{horizon?.message}</Typography.Text>
            )}
          </Typography.Paragraph>
          <Typography.Paragraph type="secondary" style={{ fontSize: 12, marginBottom: 0 }}>
            双侧两比例 z 检验，α = 0.05，检验效能 80%：达到样本量后才给出结论，中途不下结论。
          </Typography.Paragraph>
        </Form.Item>
        {problems.length > 0 && (name.trim() || rows.some((r) => r.version !== null)) && (
          <Alert
            type="warning"
            showIcon
            data-testid="experiment-problems"
            title={problems[0].message}
            description={
              problems.length > 1
                ? problems
                    .slice(1)
                    .map((p) => p.message)
                    .join('；')
                : undefined
            }
          />
        )}
        {error && (
          <Typography.Paragraph type="danger" role="alert" style={{ marginTop: 12, marginBottom: 0 }}>
            {error}
          </Typography.Paragraph>
        )}
      </Form>
    </Modal>
  )
}
