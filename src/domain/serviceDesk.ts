// 在线客服's rules, shared by the server (what it accepts, when agents answer) and the screens (what they say).

/** 人工 service hours in Beijing time: [from, to) in minutes after midnight. */
export const SERVICE_HOURS = { from: 9 * 60, to: 21 * 60 } as const
export const SERVICE_HOURS_TEXT = '每天 9:00–21:00'

export const MAX_MESSAGE_CHARS = 500
/** A customer's messages: at most this many a minute, and a day (one statement each, rate_limit_hits). */
export const MESSAGES_PER_MINUTE = 20
export const MESSAGES_PER_DAY = 300
/** The FAQ questions the assistant offers for a message. */
export const BOT_ANSWERS = 3
/** A customer whose page has not been heard from for this long gets an agent's reply in the message center. */
export const OFFLINE_AFTER_MS = 30_000

/** Whether `at` is within 人工 service hours (Beijing time, every day). */
export function withinServiceHours(at: Date): boolean {
  const beijing = new Date(at.getTime() + 8 * 3600_000)
  const minutes = beijing.getUTCHours() * 60 + beijing.getUTCMinutes()
  return minutes >= SERVICE_HOURS.from && minutes < SERVICE_HOURS.to
}

/** What an agent can send with one click (the desk's 快捷回复). */
export const QUICK_REPLIES: readonly string[] = [
  '您好，我是在线客服，很高兴为您服务，请问有什么可以帮您？',
  '请稍等，我帮您查询一下。',
  '请您提供一下订单号或保单号，方便为您核实。',
  '理赔材料可在“我的理赔”中上传，审核结果会通过消息通知您。',
  '犹豫期内退保可全额退还保费，您可以在保单详情中申请。',
  '请问还有其他可以帮您的吗？',
  '感谢您的耐心等待，祝您生活愉快！',
]

/** The system's own lines in a conversation. */
export const SERVICE_TEXTS = {
  welcome: '您好，我是智能助手。请描述您的问题，我会先为您查找答案；需要人工服务请点“转人工”。',
  noAnswer: '抱歉，没有找到相关答案。您可以换个说法，或点“转人工”由客服为您解答。',
  answers: '为您找到以下问题，点击查看答案：',
  queued: '已为您转接人工客服，请稍候。',
  afterHours: `现在不是人工服务时间（${SERVICE_HOURS_TEXT}）。请留言，客服上班后会尽快回复您，回复会出现在这里和消息中心。`,
  taken: (agent: string) => `客服${agent}为您服务。`,
  transferred: (agent: string) => `已为您转接客服${agent}。`,
  requeued: '已为您转接其他客服，请稍候。',
  closedByAgent: '本次服务已结束，欢迎为客服的服务评价。',
  closedByCustomer: '您已结束本次服务，欢迎为客服的服务评价。',
} as const
