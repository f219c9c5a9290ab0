// The live preview: the real consumer runtime in /studio-preview, in a 390×844 phone frame scaled to fit,
// driven by messages (contract: studio-preview:ready / render / rendered; render messages are dispatched to the
// frame directly, see previewDelivery.ts). Every change is sent at once (latest wins). A time slider spans the
// schedule with its phase marks and the blocks' own windows; quick buttons jump to each phase; the login switch
// and a route parameter complete the visitor.

import { memo, useEffect, useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react'
import { Input, Radio, Slider, Space, Switch, Tooltip, Typography } from 'antd'
import { markdownSources } from '../../page-config/markdownSources'
import { walkBlocks } from '../../page-config/walkBlocks'
import { LIFECYCLE_PHASES, phaseAt, STATUS_WORDS, type LifecyclePhase } from '../../page-config/schedule'
import { formatBeijing } from './fields'
import { isObject } from './configOps'
import type { MarkdownTrees, PageConfig } from './types'
import { deliver } from './previewDelivery'
import { CanvasPalette, PALETTE_WIDTH } from './canvas/CanvasPalette'
import type { CanvasBridge } from './canvas/useCanvas'
import { DEFAULT_SANDBOX_PROFILE, type SandboxProfile } from '../../domain/sandboxProfile'
import { SandboxProfileControl } from './SandboxProfileControl'

/** The consumer app's preview route (contract: /studio-preview), under the app's base path. */
const PREVIEW_SRC = `${import.meta.env.BASE_URL.replace(/\/$/, '')}/studio-preview`
export const PHONE_WIDTH = 390
export const PHONE_HEIGHT = 844
const HOUR = 3_600_000
const DAY = 24 * HOUR

type Schedule = NonNullable<PageConfig['schedule']>
const ms = (iso: string | undefined): number | undefined => {
  const t = iso ? Date.parse(iso) : NaN
  return Number.isNaN(t) ? undefined : t
}

/** The moment the preview shows for a phase: the moment the phase begins (未开始: an hour before the preheat). */
export function phaseMoment(schedule: Schedule, phase: LifecyclePhase): number {
  const startAt = ms(schedule.startAt) ?? 0
  const endAt = ms(schedule.endAt) ?? startAt + DAY
  switch (phase) {
    case 'upcoming':
      return (ms(schedule.preheatAt) ?? startAt - DAY) - HOUR
    case 'preheat':
      return Math.min(ms(schedule.preheatAt) ?? startAt - DAY, startAt - 1000)
    case 'live':
      return startAt
    case 'ended':
      return endAt
    case 'offline':
      return ms(schedule.offlineAt) ?? endAt + DAY
  }
}

/** Compiles markdown through the server for new sources only; returns the trees of the current ones. */
function useMarkdown(
  config: PageConfig,
  compile: (sources: string[]) => Promise<MarkdownTrees>,
): MarkdownTrees {
  const asked = useRef(new Set<string>())
  const [compiled, setCompiled] = useState<MarkdownTrees>({})
  const sources = useMemo(() => [...markdownSources(config)], [config])
  useEffect(() => {
    const missing = sources.filter((s) => !asked.current.has(s)).slice(0, 200)
    if (!missing.length) return
    missing.forEach((s) => asked.current.add(s))
    compile(missing)
      .then((trees) => setCompiled((old) => ({ ...old, ...trees })))
      .catch(() => missing.forEach((s) => asked.current.delete(s)))
  }, [sources, compile])
  return useMemo(() => {
    const trees: MarkdownTrees = {}
    for (const s of sources) if (compiled[s]) trees[s] = compiled[s]
    return trees
  }, [sources, compiled])
}

interface ControlsProps {
  span: {
    min: number
    max: number
    marks: Record<number, { label: string; style?: object }>
    moments: Record<LifecyclePhase, number>
    hasUpcoming: boolean
  } | null
  phase: LifecyclePhase
  nowMs: number
  loggedIn: boolean
  paramText: string
  setNowMs(ms: number): void
  setLoggedIn(v: boolean): void
  setParamText(v: string): void
  /** The sample user's 实名 / 会员等级 / 新用户, shown when the page has campaigns. */
  profile?: { value: SandboxProfile; set(v: SandboxProfile): void }
  /** Present with canvas editing: 试用交互 lets clicks reach the page (a draw, a link) instead of selecting. */
  interactive?: { value: boolean; set(v: boolean): void }
}

/** The visitor's moment, login and route parameter (memoized: a text edit does not re-render them). */
const Controls = memo(function Controls(props: ControlsProps) {
  const {
    span,
    phase,
    nowMs,
    loggedIn,
    paramText,
    setNowMs,
    setLoggedIn,
    setParamText,
    interactive,
    profile,
  } = props
  return (
    <div className="studio-preview-controls">
      <Space wrap>
        <Radio.Group
          aria-label="预览阶段"
          size="small"
          value={phase}
          disabled={!span}
          optionType="button"
          options={LIFECYCLE_PHASES.map((p) => ({
            value: p,
            label: STATUS_WORDS[p],
            // A page without preheatAt is public (in preheat) from its publication: it has no 未开始.
            disabled: p === 'upcoming' && !span?.hasUpcoming,
          }))}
          onChange={(e) => span && setNowMs(span.moments[e.target.value as LifecyclePhase])}
        />
        <Space size={4}>
          <Switch size="small" checked={loggedIn} onChange={setLoggedIn} aria-label="已登录" />
          <Typography.Text>{loggedIn ? '已登录' : '未登录'}</Typography.Text>
        </Space>
        {profile && (
          <SandboxProfileControl profile={profile.value} disabled={!loggedIn} onChange={profile.set} />
        )}
        {interactive && (
          <Tooltip title="打开后可在手机上点按抽奖、领券、链接（沙盒，不计入）；关闭后点按选中区块">
            <Space size={4}>
              <Switch
                size="small"
                checked={interactive.value}
                onChange={interactive.set}
                aria-label="试用交互"
              />
              <Typography.Text>试用交互</Typography.Text>
            </Space>
          </Tooltip>
        )}
        <Input
          size="small"
          aria-label="路由参数"
          placeholder="路由参数，如 type=accident"
          style={{ width: 190 }}
          value={paramText}
          onChange={(e) => setParamText(e.target.value)}
        />
      </Space>
      <div className="studio-preview-time">
        <Typography.Text type="secondary">
          {formatBeijing(nowMs)}（北京时间）· {STATUS_WORDS[phase]}
        </Typography.Text>
      </div>
      {span ? (
        <Slider
          aria-label="预览时间"
          min={span.min}
          max={span.max}
          step={60_000}
          marks={span.marks}
          value={Math.min(Math.max(nowMs, span.min), span.max)}
          tooltip={{ formatter: (v) => (v === undefined ? '' : formatBeijing(v)) }}
          onChange={(v: number) => setNowMs(v)}
        />
      ) : (
        <Typography.Text type="secondary">未设置活动时间：页面始终处于进行中</Typography.Text>
      )}
    </div>
  )
})

/** Posts an edited config to the frame at once, from the edit's own event (before the editor re-renders). */
export type PreviewPost = (config: PageConfig) => void

export interface PreviewPanelProps {
  config: PageConfig
  selectedBlockId?: string
  compileMarkdown(sources: string[]): Promise<MarkdownTrees>
  /** Filled with the panel's PreviewPost. */
  postRef?: RefObject<PreviewPost | null>
  /** Canvas-first editing: clicks, drops and inline texts in the frame, and the block palette. */
  canvas?: CanvasBridge
}

const sameMessage = (a: Record<string, unknown> | null, b: Record<string, unknown>) =>
  a !== null && Object.keys(b).every((key) => a[key] === b[key])

export function PreviewPanel({
  config,
  selectedBlockId,
  compileMarkdown,
  postRef,
  canvas,
}: PreviewPanelProps) {
  const frame = useRef<HTMLIFrameElement | null>(null)
  const box = useRef<HTMLDivElement | null>(null)
  const [readyCount, setReadyCount] = useState(0)
  const [nowMs, setNowMs] = useState(() => Date.now())
  const [loggedIn, setLoggedIn] = useState(true)
  const [profile, setProfile] = useState<SandboxProfile>(DEFAULT_SANDBOX_PROFILE)
  const hasCampaigns = Object.keys(config.campaigns ?? {}).length > 0
  const profileControl = useMemo(
    () => (hasCampaigns ? { value: profile, set: setProfile } : undefined),
    [hasCampaigns, profile],
  )
  const [paramText, setParamText] = useState('')
  const [scale, setScale] = useState(1)
  const markdown = useMarkdown(config, compileMarkdown)
  const schedule = config.schedule

  const hasPalette = canvas !== undefined
  const canvasRef = useRef(canvas)
  const [interactive, setInteractive] = useState(false)
  const interactiveRef = useRef(interactive)
  useLayoutEffect(() => {
    canvasRef.current = canvas
    interactiveRef.current = interactive
  })
  const interactiveControl = useMemo(
    () => (hasPalette ? { value: interactive, set: setInteractive } : undefined),
    [hasPalette, interactive],
  )
  const setupCanvas = () => {
    if (canvasRef.current)
      deliver(frame.current?.contentWindow, {
        ...canvasRef.current.setup(),
        interactive: interactiveRef.current,
      })
  }
  useEffect(() => {
    if (readyCount) setupCanvas()
    // eslint-disable-next-line react-hooks/exhaustive-deps -- sent again when the switch changes
  }, [interactive])
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || event.source !== frame.current?.contentWindow) return
      if (isObject(event.data) && event.data.type === 'studio-preview:ready') {
        setReadyCount((n) => n + 1)
        setupCanvas()
      } else canvasRef.current?.receive(event.data)
    }
    window.addEventListener('message', onMessage)
    return () => window.removeEventListener('message', onMessage)
  }, [])

  const params = useMemo(() => {
    const out: Record<string, string> = {}
    for (const pair of paramText.split(/[&\s,，]+/)) {
      const [k, v] = pair.split('=')
      if (k && v) out[k.trim()] = v.trim()
    }
    return out
  }, [paramText])

  // Every change is sent at once (the frame renders the latest message it holds). An edit is sent from its own
  // event through postRef, so the frame (on this thread) renders it before the editor's re-render, which the
  // page screen runs as a transition; the effect then finds that message sent and does not repeat it.
  const sent = useRef<Record<string, unknown> | null>(null)
  const latest = useRef({ ready: false, markdown, nowMs, loggedIn, profile, params, selectedBlockId })
  useLayoutEffect(() => {
    latest.current = { ready: readyCount > 0, markdown, nowMs, loggedIn, profile, params, selectedBlockId }
  })
  const send = (message: Record<string, unknown>) => {
    sent.current = message
    deliver(frame.current?.contentWindow, message)
  }
  useLayoutEffect(() => {
    if (!postRef) return
    postRef.current = (next) => {
      const { ready, ...rest } = latest.current
      if (ready) send({ type: 'studio-preview:render', config: next, ...rest })
    }
  })
  useEffect(() => {
    if (!readyCount) return
    const message = {
      type: 'studio-preview:render',
      config,
      markdown,
      nowMs,
      loggedIn,
      profile,
      params,
      selectedBlockId,
    }
    if (!sameMessage(sent.current, message)) send(message)
  }, [readyCount, config, markdown, nowMs, loggedIn, profile, params, selectedBlockId])

  // The frame (the consumer runtime, on this same thread) starts loading once the editor has painted, so
  // opening a page shows the editor first.
  const [frameShown, setFrameShown] = useState(false)
  useEffect(() => {
    const id = requestAnimationFrame(() => setTimeout(() => setFrameShown(true), 0))
    return () => cancelAnimationFrame(id)
  }, [])

  useLayoutEffect(() => {
    const el = box.current
    if (!el) return
    const fit = () => {
      const s = Math.min(
        1,
        (el.clientWidth - 16 - (hasPalette ? PALETTE_WIDTH : 0)) / (PHONE_WIDTH + 24),
        (el.clientHeight - 16) / (PHONE_HEIGHT + 24),
      )
      setScale(s > 0 ? s : 1)
    }
    fit()
    const observer = new ResizeObserver(fit)
    observer.observe(el)
    return () => observer.disconnect()
  }, [hasPalette])

  // The slider's bounds: the schedule and every block's own window, as a key so a text edit keeps them.
  const boundsKey = useMemo(() => {
    const times: string[] = []
    walkBlocks(config.blocks, (block) => {
      const between = isObject(block.activeBetween) ? block.activeBetween : undefined
      for (const t of [between?.from, between?.to]) if (typeof t === 'string') times.push(t)
    })
    return JSON.stringify([schedule ?? null, times])
  }, [schedule, config.blocks])
  const span = useMemo(() => {
    const [sched, times] = JSON.parse(boundsKey) as [Schedule | null, string[]]
    if (!sched) return null
    const start = ms(sched.preheatAt) ?? ms(sched.startAt)
    const end = ms(sched.offlineAt) ?? ms(sched.endAt)
    if (start === undefined || end === undefined || end <= start) return null
    const margin = Math.max((end - start) * 0.08, HOUR)
    const marks: Record<number, { label: string; style?: object }> = {}
    for (const t of times) {
      const at = ms(t)
      if (at !== undefined) marks[at] = { label: '', style: { color: '#999' } }
    }
    const placed: number[] = []
    const mark = (t: number | undefined, label: string) => {
      if (t === undefined) return
      // Two labels closer than 12% of the slider would overlap: the later one keeps its dot only.
      const crowded = placed.some((p) => Math.abs(p - t) < (end - start + 2 * margin) * 0.12)
      marks[t] = { label: crowded ? '' : label }
      if (!crowded) placed.push(t)
    }
    mark(ms(sched.preheatAt), STATUS_WORDS.preheat)
    mark(ms(sched.startAt), STATUS_WORDS.live)
    mark(ms(sched.endAt), STATUS_WORDS.ended)
    mark(ms(sched.offlineAt), STATUS_WORDS.offline)
    const moments = Object.fromEntries(LIFECYCLE_PHASES.map((p) => [p, phaseMoment(sched, p)])) as Record<
      LifecyclePhase,
      number
    >
    const hasUpcoming = ms(sched.preheatAt) !== undefined
    return { min: Math.min(start - margin, moments.upcoming), max: end + margin, marks, moments, hasUpcoming }
  }, [boundsKey])

  const phase = phaseAt(schedule, nowMs)
  return (
    <div className="studio-preview">
      <Controls
        span={span}
        phase={phase}
        nowMs={nowMs}
        loggedIn={loggedIn}
        paramText={paramText}
        setNowMs={setNowMs}
        setLoggedIn={setLoggedIn}
        setParamText={setParamText}
        interactive={interactiveControl}
        profile={profileControl}
      />
      <div className="studio-preview-box" ref={box}>
        {canvas && (
          <CanvasPalette frame={frame} ready={readyCount > 0} disabled={canvas.readOnly} onAdd={canvas.add} />
        )}
        <div style={{ width: (PHONE_WIDTH + 24) * scale, height: (PHONE_HEIGHT + 24) * scale }}>
          <div className="studio-phone" style={{ transform: `scale(${scale})` }}>
            {frameShown && (
              <iframe
                ref={frame}
                title="页面预览"
                src={PREVIEW_SRC}
                width={PHONE_WIDTH}
                height={PHONE_HEIGHT}
              />
            )}
          </div>
        </div>
      </div>
    </div>
  )
}
