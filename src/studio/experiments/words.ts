// The A/B test screens' words and number formats (Chinese UI text in one place).
import { goalText } from '../../domain/experiments'
import type { Experiment, ExperimentResults } from '../api/experiments'

export const STATUS_NAMES: Record<Experiment['status'], string> = {
  draft: '未开始',
  running: '进行中',
  stopped: '已结束',
}

/** The status as shown: a running test paused by a publication since its start says so. */
export function statusText(test: Pick<Experiment, 'status' | 'paused' | 'winner'>): string {
  if (test.status === 'running' && test.paused) return '已暂停分流'
  if (test.status === 'stopped' && test.winner) return `已推广 ${test.winner}`
  return STATUS_NAMES[test.status]
}

export const STATUS_COLORS: Record<Experiment['status'], string> = {
  draft: 'default',
  running: 'processing',
  stopped: 'success',
}

export const goalWords = (goal: Experiment['goal']) => goalText(goal)

/** 12.3% (one decimal; two below 1 %). */
export function percent(rate: number): string {
  const value = rate * 100
  return `${Math.abs(value) < 1 && value !== 0 ? value.toFixed(2) : value.toFixed(1)}%`
}

/** +2.1 个百分点 / −0.4 个百分点. */
export function points(difference: number): string {
  const value = difference * 100
  const sign = value > 0 ? '+' : value < 0 ? '−' : ''
  return `${sign}${Math.abs(value).toFixed(Math.abs(value) < 1 && value !== 0 ? 2 : 1)} 个百分点`
}

/** p = 0.003, p < 0.001. */
export const pText = (p: number) => (p < 0.001 ? 'p < 0.001' : `p = ${p.toFixed(3)}`)

/** The headline of the results: 数据收集中 before the horizon, the verdict after. */
export function verdictText(results: ExperimentResults): {
  type: 'info' | 'success' | 'warning'
  text: string
} {
  const { verdict, horizon, progress, comparisons } = results
  const level = comparisons > 1 ? `α = 0.05/${comparisons}` : 'α = 0.05'
  if (verdict.state === 'collecting')
    return {
      type: 'info',
      text: `数据收集中：已达 ${Math.floor(progress * 100)}%，结论需等样本量达到每组 ${horizon.toLocaleString('zh-CN')} 位访客`,
    }
  if (verdict.state === 'winner' && verdict.winner) {
    const winner = results.variants.find((v) => v.key === verdict.winner)
    // "B（新版）胜出" / "B 胜出"
    const name = winner?.label ? `${verdict.winner}（${winner.label}）` : `${verdict.winner} `
    if (verdict.winner === 'A')
      return { type: 'success', text: `对照组 ${name}胜出：其他版本的转化率均显著更低（${level}）` }
    const p = winner?.comparison ? `，${pText(winner.comparison.p)}` : ''
    return { type: 'success', text: `版本 ${name}胜出：转化率显著高于对照组（${level}${p}）` }
  }
  return { type: 'warning', text: `无显著差异：各版本与对照组的转化率差异不显著（${level}）` }
}
