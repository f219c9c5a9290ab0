// Who else has this page open: a heartbeat every 5 s (presenceTiming.ts) (the server forgets a tab 45 s after its last one, or at
// once when the tab closes: a beacon on `pagehide`) and their avatars with 「张三 正在编辑」 in the page header.
import { Avatar, Space, Tooltip, Typography } from 'antd'
import { useEffect, useState } from 'react'
import { collabApi, type PresenceList } from '../api/collab'
import { HEARTBEAT_MS } from './presenceTiming'

const COLORS = ['#1677ff', '#13a8a8', '#722ed1', '#eb2f96', '#fa8c16', '#52c41a']

const newTab = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`

/** The others on page `pageId`, refreshed with each heartbeat of this tab. */
export function usePresence(pageId: string): PresenceList['others'] {
  const [others, setOthers] = useState<PresenceList['others']>([])
  useEffect(() => {
    const tab = newTab()
    let stopped = false
    let leaveToken: string | undefined
    const beat = () =>
      collabApi.presence(pageId, tab).then(
        (answer) => {
          leaveToken = answer.leaveToken
          // The same people again keep the list (and the header) as it is.
          if (!stopped)
            setOthers((shown) =>
              JSON.stringify(shown) === JSON.stringify(answer.others) ? shown : answer.others,
            )
        },
        () => {
          // Offline or signed out: the list stays as it was until the next beat answers.
        },
      )
    void beat()
    const timer = setInterval(beat, HEARTBEAT_MS)
    // Back to the tab: ask at once rather than at the next beat.
    const onVisible = () => {
      if (document.visibilityState === 'visible') void beat()
    }
    document.addEventListener('visibilitychange', onVisible)
    // Closing the tab: others stop seeing this person at once, not 45 s later. Kept in the back/forward cache
    // and shown again: present again.
    const onHide = () => {
      if (leaveToken) collabApi.leaveByBeacon(pageId, tab, leaveToken)
      leaveToken = undefined
    }
    const onShow = (e: PageTransitionEvent) => {
      if (e.persisted) void beat()
    }
    window.addEventListener('pagehide', onHide)
    window.addEventListener('pageshow', onShow)
    return () => {
      stopped = true
      clearInterval(timer)
      document.removeEventListener('visibilitychange', onVisible)
      window.removeEventListener('pagehide', onHide)
      window.removeEventListener('pageshow', onShow)
      void collabApi.presence(pageId, tab, true).catch(() => {})
    }
  }, [pageId])
  return others
}

export function PresenceBar({ pageId }: { pageId: string }) {
  const others = usePresence(pageId)
  if (!others.length) return null
  const names = others.map((o) => o.displayName)
  const text =
    names.length <= 2
      ? `${names.join('、')} 正在编辑`
      : `${names.slice(0, 2).join('、')} 等 ${names.length} 人正在编辑`
  return (
    <Space size={6} data-testid="presence" aria-live="polite">
      <Avatar.Group max={{ count: 3 }} size="small">
        {others.map((o) => (
          <Tooltip key={o.staffId} title={`${o.displayName} 也打开了这个页面`}>
            <Avatar size="small" style={{ background: COLORS[o.staffId % COLORS.length] }} aria-hidden>
              {o.displayName.slice(0, 1)}
            </Avatar>
          </Tooltip>
        ))}
      </Avatar.Group>
      <Typography.Text type="warning" style={{ fontSize: 13 }}>
        {text}
      </Typography.Text>
    </Space>
  )
}
