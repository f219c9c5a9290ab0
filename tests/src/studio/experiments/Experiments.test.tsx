import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { analyzeTest } from '../../../../src/domain/abStats'
import type {
  Experiment,
  ExperimentList,
  ExperimentResults,
  VariantKey,
} from '../../../../src/types/generated/api/experiments'
import { EDITOR, findDialog, PUBLISHER, renderStudio, stubStudioApi, studioError } from '../studioHarness'

// A/B 测试 in the studio against a stubbed API: the list and a test's results, 数据收集中 and no verdict before the
// horizon, the verdict in Chinese after it, 推广胜出版本 (what it will publish, the request, the button busy while
// it runs), the publisher-only buttons, the loading, empty and error states, and the new-test form's live horizon.

const test = (extra: Partial<Experiment> = {}): Experiment => ({
  id: 'ab-0123456789ab',
  pageId: 'spring-sale',
  name: '标题文案测试',
  status: 'running',
  variants: [
    { key: 'A', version: 3, weight: 50, label: '原版' },
    { key: 'B', version: 4, weight: 50, label: '新版' },
  ],
  goal: { kind: 'click', blockId: 'hero' },
  baselineRate: 0.1,
  minEffect: 0.2,
  samplePerVariant: 3841,
  startedAt: '2026-11-20T10:00:00.000+08:00',
  stoppedAt: null,
  winner: null,
  createdBy: '运营编辑',
  createdAt: '2026-11-20T09:00:00.000+08:00',
  paused: false,
  ...extra,
})

const list = (...tests: Experiment[]): ExperimentList => ({ experiments: tests, liveVersion: 3 })

/** Results as the server computes them (the same domain code) from counts. */
function results(of: Experiment, counts: [number, number][]): ExperimentResults {
  const r = analyzeTest(
    counts.map(([visitors, conversions], i) => ({ key: of.variants[i].key, visitors, conversions })),
    of.samplePerVariant,
  )
  return {
    experiment: of,
    horizon: r.horizon,
    comparisons: r.comparisons,
    alpha: r.alpha,
    differenceLevel: r.differenceLevel,
    progress: r.progress,
    reachedHorizon: r.reachedHorizon,
    variants: r.variants.map((v, i) => ({
      key: v.key as VariantKey,
      label: of.variants[i].label,
      version: of.variants[i].version,
      weight: of.variants[i].weight,
      visitors: v.visitors,
      conversions: v.conversions,
      rate: v.rate,
      rateInterval: v.rateInterval,
      progress: v.progress,
      ...(v.comparison ? { comparison: v.comparison } : {}),
    })),
    verdict:
      r.verdict.state === 'winner'
        ? { state: 'winner', winner: r.verdict.winner as VariantKey }
        : { state: r.verdict.state },
    sampleRatioP: 0.5,
    dataUpTo: '2026-11-22T12:00:00.000+08:00',
  }
}

const PAGE = '/pages/spring-sale/experiments'
const LIST = 'GET /api/studio/pages/spring-sale/experiments'
const RESULTS = 'GET /api/studio/experiments/ab-0123456789ab'

describe('A/B 测试 results', () => {
  it('before the horizon: 数据收集中 with the progress, the numbers, and no verdict', async () => {
    const running = test()
    stubStudioApi({
      [LIST]: list(running),
      [RESULTS]: results(running, [
        [1000, 100],
        [800, 120],
      ]),
    })
    renderStudio(PAGE, EDITOR)
    const verdict = await screen.findByTestId('experiment-verdict')
    expect(verdict).toHaveTextContent('数据收集中：已达 20%，结论需等样本量达到每组 3,841 位访客')
    expect(screen.queryByText(/胜出：/)).not.toBeInTheDocument()
    const table = screen.getByRole('table', { name: '各版本结果' })
    const rowB = within(table).getByText('新版').closest('tr') as HTMLElement
    expect(rowB).toHaveTextContent('15.0%（12.7%～17.6%）')
    expect(rowB).toHaveTextContent('+5.0 个百分点')
    expect(rowB).toHaveTextContent('未达样本量，仅供参考')
    expect(screen.getByTestId('experiment-status')).toHaveTextContent('进行中')
    // An editor sees the publisher's buttons disabled.
    expect(screen.getByRole('button', { name: '停止测试' })).toBeDisabled()
    expect(screen.getByRole('button', { name: '推广胜出版本' })).toBeDisabled()
  })

  it('after the horizon: the winner in Chinese; 推广胜出版本 says what it publishes and sends it, busy meanwhile', async () => {
    const done = test()
    let release: (value: unknown) => void = () => undefined
    const api = stubStudioApi({
      [LIST]: list(done),
      [RESULTS]: results(done, [
        [3841, 384],
        [3900, 500],
      ]),
      'POST /api/studio/experiments/ab-0123456789ab/promote': () =>
        new Promise((resolve) => {
          release = resolve
        }),
    })
    renderStudio(PAGE, PUBLISHER)
    expect(await screen.findByTestId('experiment-verdict')).toHaveTextContent(
      /^版本 B（新版）胜出：转化率显著高于对照组（α = 0.05，p < 0.001）$/,
    )
    fireEvent.click(screen.getByRole('button', { name: '推广胜出版本' }))
    const dialog = await findDialog('推广胜出版本')
    expect(within(dialog).getByTestId('promote-summary')).toHaveTextContent(
      '这会把版本 B 的页面版本 v4 立即发布为线上版本（同回滚，记入操作日志），并结束测试。',
    )
    const ok = within(dialog).getByRole('button', { name: /发布为线上版本/ })
    fireEvent.click(ok)
    await waitFor(() =>
      expect(api.callsTo('POST', '/api/studio/experiments/ab-0123456789ab/promote')).toHaveLength(1),
    )
    expect(api.callsTo('POST', '/api/studio/experiments/ab-0123456789ab/promote')[0].body).toEqual({
      variant: 'B',
    })
    await waitFor(() => expect(ok).toHaveClass('ant-btn-loading'))
    release(test({ status: 'stopped', winner: 'B' }))
    await waitFor(() => expect(screen.getByText(/已把版本 B（v4）发布为线上版本/)).toBeInTheDocument())
  })

  it('no significant difference at the horizon: 无显著差异', async () => {
    const done = test()
    stubStudioApi({
      [LIST]: list(done),
      [RESULTS]: results(done, [
        [3841, 384],
        [3841, 390],
      ]),
    })
    renderStudio(PAGE, EDITOR)
    expect(await screen.findByTestId('experiment-verdict')).toHaveTextContent('无显著差异')
  })

  it('a draft: 开始测试 for a publisher, confirmed first', async () => {
    const draft = test({ status: 'draft', startedAt: null })
    const api = stubStudioApi({
      [LIST]: list(draft),
      'POST /api/studio/experiments/ab-0123456789ab/start': test(),
    })
    renderStudio(PAGE, PUBLISHER)
    fireEvent.click(await screen.findByRole('button', { name: '开始测试' }))
    const confirm = await findDialog('开始 A/B 测试「标题文案测试」？')
    fireEvent.click(within(confirm).getByRole('button', { name: '开始测试' }))
    await waitFor(() =>
      expect(api.callsTo('POST', '/api/studio/experiments/ab-0123456789ab/start')).toHaveLength(1),
    )
  })

  it('loading failed: the error with 重试; no tests: the empty state', async () => {
    const running = test()
    stubStudioApi({
      [LIST]: list(running),
      [RESULTS]: studioError(500, 'INTERNAL', '服务暂时不可用，请稍后重试'),
    })
    const view = renderStudio(PAGE, EDITOR)
    expect(await screen.findByText('结果加载失败：服务暂时不可用，请稍后重试')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: '重试' })).toBeInTheDocument()
    view.unmount()
    stubStudioApi({ [LIST]: list() })
    renderStudio(PAGE, EDITOR)
    expect(await screen.findByText('还没有 A/B 测试')).toBeInTheDocument()
  })
})

describe('新建 A/B 测试', () => {
  it('defaults A to the live version, shows the horizon as typed, and sends the test', async () => {
    const versions = {
      versions: [4, 3].map((version) => ({
        version,
        createdAt: '2026-11-20T09:00:00.000+08:00',
        createdBy: '运营编辑',
        publications: [],
      })),
      unpublished: [],
    }
    const api = stubStudioApi({
      [LIST]: list(),
      'GET /api/studio/pages/spring-sale/versions': versions,
      'GET /api/studio/pages/spring-sale': studioError(404, 'PAGE_NOT_FOUND', '页面不存在'),
      'GET /api/studio/pages/spring-sale/versions/3': {
        version: 3,
        config: { schemaVersion: 3, title: '春季', blocks: [{ type: 'title', text: '春季' }] },
      },
      'POST /api/studio/pages/spring-sale/experiments': (call: { body: unknown }) => ({
        ...test({ status: 'draft' }),
        name: (call.body as { name: string }).name,
      }),
    })
    renderStudio(PAGE, EDITOR)
    fireEvent.click(await screen.findByRole('button', { name: /新建 A\/B 测试/ }))
    const dialog = await findDialog('新建 A/B 测试')
    await waitFor(() => expect(within(dialog).getByTestId('variant-row-B')).toBeInTheDocument())
    expect(within(dialog).getByTestId('sample-size')).toHaveTextContent(
      '每组需要 3,841 位访客（共 7,682 位）',
    )
    fireEvent.change(within(dialog).getByLabelText('最小可检测提升（%）'), { target: { value: '10' } })
    await waitFor(() =>
      expect(within(dialog).getByTestId('sample-size')).toHaveTextContent('每组需要 14,751 位访客'),
    )
    fireEvent.change(within(dialog).getByLabelText('版本 B 流量（%）'), { target: { value: '40' } })
    await waitFor(() => expect(within(dialog).getByTestId('weight-total')).toHaveTextContent('合计 90%'))
    const ok = within(dialog).getByRole('button', { name: /创建测试/ })
    expect(ok).toBeDisabled()
    fireEvent.change(within(dialog).getByLabelText('版本 B 流量（%）'), { target: { value: '50' } })
    fireEvent.change(within(dialog).getByLabelText('测试名称'), { target: { value: '支付测试' } })
    fireEvent.mouseDown(within(dialog).getByLabelText('目标'))
    fireEvent.click(await screen.findByTitle('支付订单'))
    await waitFor(() => expect(ok).toBeEnabled())
    fireEvent.click(ok)
    await waitFor(() =>
      expect(api.callsTo('POST', '/api/studio/pages/spring-sale/experiments')).toHaveLength(1),
    )
    expect(api.callsTo('POST', '/api/studio/pages/spring-sale/experiments')[0].body).toEqual({
      name: '支付测试',
      variants: [
        { key: 'A', version: 3, weight: 50, label: '原版' },
        { key: 'B', version: 4, weight: 50, label: '新版' },
      ],
      goal: { kind: 'paid' },
      baselineRate: 0.1,
      minEffect: 0.1,
    })
  })
})
