import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { PartnerHealth } from '../../../src/types/generated/api/partner'
import { EDITOR, renderStudio, stubStudioApi } from './studioHarness'

const health = (state: 'closed' | 'open'): PartnerHealth => ({
  generatedAt: '2026-11-25T04:00:00.000Z',
  partners: [
    {
      partner: 'huating',
      name: '华汀保险',
      breaker: {
        state,
        consecutiveFailures: state === 'open' ? 5 : 0,
        openedAt: state === 'open' ? '2026-11-25T03:59:40.000Z' : null,
        retryAt: state === 'open' ? '2026-11-25T04:00:10.000Z' : null,
      },
      calls: {
        total: 12,
        ok: 6,
        rejected: 1,
        timeout: 2,
        unreachable: 3,
        malformed: 0,
        error: 0,
        avgMs: 420,
        maxMs: 5002,
      },
      recentCalls: [
        {
          at: '2026-11-25T03:59:40.000Z',
          operation: 'issue',
          outcome: 'timeout',
          durationMs: 5002,
          httpStatus: null,
        },
        {
          at: '2026-11-25T03:50:00.000Z',
          operation: 'quote',
          outcome: 'ok',
          durationMs: 80,
          httpStatus: 200,
        },
      ],
      issuing: { waiting: 3, oldestPaidAt: '2026-11-25T01:30:00.000Z' },
      failedIssues24h: 1,
      refunds24h: 2,
    },
  ],
})

describe('studio 合作方状态', () => {
  it('shows the open breaker, the waiting orders, failures, refunds and recent calls in Chinese', async () => {
    stubStudioApi({ 'GET /api/studio/partner-health': health('open') })
    renderStudio('/partner-health', EDITOR)
    const menu = await screen.findByRole('menu', { name: '主菜单' })
    expect(within(menu).getByText('合作方状态')).toBeInTheDocument()
    expect(await screen.findByTestId('breaker-state')).toHaveTextContent('熔断中')
    expect(screen.getByText(/保险公司系统不可用，调用已暂停/)).toBeInTheDocument()
    expect(screen.getByText('3 笔')).toBeInTheDocument()
    expect(screen.getByText('2 小时 30 分钟')).toBeInTheDocument()
    expect(screen.getByText(/5 次（超时 2、无法连接 3/)).toBeInTheDocument()
    expect(screen.getByText('2 笔')).toBeInTheDocument()
    const row = screen.getByText('出单').closest('tr') as HTMLElement
    expect(within(row).getByText('超时')).toBeInTheDocument()
    expect(within(row).getByText('无应答')).toBeInTheDocument()
    expect(within(row).getByText('5002 毫秒')).toBeInTheDocument()
  })

  it('a closed breaker reads 正常, without the warning', async () => {
    stubStudioApi({ 'GET /api/studio/partner-health': health('closed') })
    renderStudio('/partner-health', EDITOR)
    expect(await screen.findByTestId('breaker-state')).toHaveTextContent('正常')
    expect(screen.queryByText(/调用已暂停/)).not.toBeInTheDocument()
  })
})
