// The page's live version on a phone (the studio's preview frame, /studio-preview, so a look from the studio is
// never counted as a visit), with 点击热力: each top-level block tinted by its CTR in the chosen range.
import { Alert, Empty, Space, Spin, Switch, Typography } from 'antd'
import { useEffect, useMemo, useRef, useState } from 'react'
import { formatRate } from '../../domain/dashboard'
import { DEFAULT_SANDBOX_PROFILE } from '../../domain/sandboxProfile'
import { markdownSources } from '../../page-config/markdownSources'
import type { DashboardBlockRow, DayRange } from '../api/analytics'
import { errorMessage } from '../api/client'
import { studioApi } from '../api/endpoints'
import { usePage } from '../api/hooks'
import type { MarkdownTrees } from '../api/types'
import { deliver } from '../editor/previewDelivery'
import { drawHeat, heatColor, heatScale, type BlockHeat } from './heatOverlay'
import { useLiveConfig } from './hooks'

const PREVIEW_SRC = `${import.meta.env.BASE_URL.replace(/\/$/, '')}/studio-preview`
const PHONE_WIDTH = 390
const PHONE_HEIGHT = 844
const SCALE = 0.72

const isMessage = (data: unknown, type: string) =>
  typeof data === 'object' && data !== null && (data as { type?: unknown }).type === type

export function HeatPreview({
  pageId,
  range,
  blocks,
}: {
  pageId: string
  range: DayRange
  blocks: readonly DashboardBlockRow[] | undefined
}) {
  const page = usePage(pageId)
  const version = page.data?.live?.version ?? null
  const live = useLiveConfig(pageId, version)
  const [heatOn, setHeatOn] = useState(true)
  const [markdown, setMarkdown] = useState<MarkdownTrees | null>(null)
  const [readyCount, setReadyCount] = useState(0)
  const [rendered, setRendered] = useState(0)
  const frame = useRef<HTMLIFrameElement | null>(null)

  const heat = useMemo(
    () =>
      new Map<string, BlockHeat>(
        (blocks ?? []).map((b) => [b.blockId, { impressions: b.impressions, clicks: b.clicks, ctr: b.ctr }]),
      ),
    [blocks],
  )
  const top = heatScale(heat)

  // The live version's markdown, compiled by the server as the editor's preview has it.
  const config = live.data?.config
  useEffect(() => {
    if (!config) return
    const sources = [...markdownSources(config)].slice(0, 200)
    let current = true
    const done = (trees: MarkdownTrees) => current && setMarkdown(trees)
    if (!sources.length) done({})
    else studioApi.compileMarkdown(sources).then(done, () => done({}))
    return () => {
      current = false
    }
  }, [config])

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || event.source !== frame.current?.contentWindow) return
      if (isMessage(event.data, 'studio-preview:ready')) setReadyCount((n) => n + 1)
      else if (isMessage(event.data, 'studio-preview:rendered')) setRendered((n) => n + 1)
    }
    window.addEventListener('message', onMessage)
    return () => window.removeEventListener('message', onMessage)
  }, [])

  // The page as it was at the end of the range (or now): its phase then, a visitor not logged in.
  const endMs = new Date(`${range.to}T23:59:59+08:00`).getTime()
  useEffect(() => {
    if (!readyCount || !config || !markdown) return
    deliver(frame.current?.contentWindow, {
      type: 'studio-preview:render',
      config,
      markdown,
      nowMs: Math.min(Date.now(), endMs),
      loggedIn: false,
      profile: DEFAULT_SANDBOX_PROFILE,
      params: {},
    })
  }, [readyCount, config, markdown, endMs])

  useEffect(() => {
    const doc = frame.current?.contentDocument
    if (!heatOn || !rendered || !doc) return
    return drawHeat(doc, heat)
  }, [heatOn, rendered, heat])

  if (page.error)
    return page.error.status === 404 ? (
      <Empty description="这不是工作台页面，没有可预览的配置" />
    ) : (
      <Alert type="error" showIcon title={errorMessage(page.error)} />
    )
  if (page.isLoading) return <Spin description="正在加载页面…" />
  if (version === null) return <Empty description="页面未发布，没有线上版本可预览" />
  if (live.error) return <Alert type="error" showIcon title={errorMessage(live.error)} />

  return (
    <div className="analytics-heat" data-testid="heat-preview">
      <Space wrap size="middle" className="analytics-heat-controls">
        <Space size={6}>
          <Switch size="small" checked={heatOn} onChange={setHeatOn} aria-label="点击热力" />
          <Typography.Text>点击热力</Typography.Text>
        </Space>
        <Typography.Text type="secondary">线上版本 {version}</Typography.Text>
      </Space>
      {heatOn && (
        <div className="analytics-heat-legend" aria-label="点击率色标">
          <Typography.Text type="secondary">0%</Typography.Text>
          <span
            className="analytics-heat-scale"
            style={{
              background: `linear-gradient(90deg, ${[0, 0.25, 0.5, 0.75, 1].map((t) => heatColor(t, 0.85)).join(', ')})`,
            }}
          />
          <Typography.Text type="secondary">{formatRate(top)}</Typography.Text>
        </div>
      )}
      <div
        className="analytics-phone-box"
        style={{ width: (PHONE_WIDTH + 24) * SCALE, height: (PHONE_HEIGHT + 24) * SCALE }}
      >
        <div className="analytics-phone" style={{ transform: `scale(${SCALE})` }}>
          <iframe
            ref={frame}
            title="页面手机预览（点击热力）"
            src={PREVIEW_SRC}
            width={PHONE_WIDTH}
            height={PHONE_HEIGHT}
          />
        </div>
      </div>
    </div>
  )
}
