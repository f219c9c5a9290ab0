import { useRef, useState, type ReactNode } from 'react'
import { Button, DotLoading } from 'antd-mobile'
import { useLocation } from 'react-router-dom'
import { loginPathFor } from '../../components/navigation/appPath'
import { useAppNavigate } from '../../components/navigation/useAppNavigate'
import { BOT_ANSWERS, SERVICE_TEXTS } from '../../domain/serviceDesk'
import { describeError } from '../../lib/request'
import { fetchFaqMatches } from './api'
import { Composer } from './Composer'
import { MessageList, type Line } from './MessageList'
import { serviceHref, servicePaths, type ServiceContextParams } from './paths'

// A visitor's 智能助手: their questions answered from the public FAQ, no login. 转人工 is for a phone-verified
// customer: it goes to login and comes back here with the last question, which then opens the conversation.

interface Turn {
  id: number
  question: string
  answer: Line | null
}

const welcome: Line = { key: 'welcome', sender: 'bot', senderName: '智能助手', text: SERVICE_TEXTS.welcome }

export function VisitorAssistant({
  context,
  hotline,
}: {
  context: ServiceContextParams
  hotline: ReactNode
}) {
  const navigate = useAppNavigate()
  const { pathname } = useLocation()
  const [turns, setTurns] = useState<Turn[]>([])
  const next = useRef(0)

  async function ask(question: string): Promise<boolean> {
    const id = ++next.current
    setTurns((list) => [...list, { id, question, answer: null }])
    const answer = (line: Omit<Line, 'key' | 'sender' | 'senderName'>): Line => ({
      key: `a${id}`,
      sender: 'bot',
      senderName: '智能助手',
      ...line,
    })
    try {
      const items = (await fetchFaqMatches(question)).slice(0, BOT_ANSWERS)
      const line = items.length
        ? answer({
            text: SERVICE_TEXTS.answers,
            faqs: items.map((i) => ({ id: i.id, question: i.question })),
          })
        : answer({ text: SERVICE_TEXTS.noAnswer })
      setTurns((list) => list.map((t) => (t.id === id ? { ...t, answer: line } : t)))
    } catch (error) {
      const line = answer({ text: `${describeError(error)}，请稍后再试。` })
      setTurns((list) => list.map((t) => (t.id === id ? { ...t, answer: line } : t)))
    }
    return true
  }

  function handoff() {
    const question = turns.at(-1)?.question
    // Back here after login (the path as it is, under either layout), with the question to send.
    const search = serviceHref(context, question).slice(servicePaths.chat.length)
    navigate(loginPathFor(pathname + search))
  }

  const lines: Line[] = [welcome]
  for (const turn of turns) {
    lines.push({ key: `q${turn.id}`, sender: 'customer', senderName: '我', text: turn.question })
    lines.push(
      turn.answer ?? {
        key: `a${turn.id}`,
        sender: 'bot',
        senderName: '智能助手',
        text: '',
        extra: <DotLoading aria-label="正在查找答案" />,
      },
    )
  }

  return (
    <div className="service-page" data-testid="service-visitor">
      <div className="service-toolbar">{hotline}</div>
      <div className="service-notice">
        <span>智能助手为您解答常见问题</span>
        <Button size="mini" color="primary" fill="outline" onClick={handoff}>
          转人工
        </Button>
      </div>
      <p className="service-hint">转人工需先登录（手机号 + 验证码），您的问题会一并转给客服。</p>
      <MessageList lines={lines} />
      <div className="service-bottom">
        <Composer onSend={(text) => ask(text)} placeholder="请输入您的问题，如：犹豫期" />
      </div>
    </div>
  )
}
