import type { BlockCheck } from '../../page-config/blockCheck'
import { isObject } from '../../page-config/json'

const SCHEDULE_WORDS: Record<string, string> = {
  preheatAt: '预热时间',
  startAt: '开始时间',
  endAt: '结束时间',
  offlineAt: '下线时间',
}

// A countdown to schedule.x needs that moment in the page's schedule.
export const check: BlockCheck = ({ block, pointer, config, add }) => {
  if (typeof block.to !== 'string' || !block.to.startsWith('schedule.')) return
  const schedule = isObject(config.schedule) ? config.schedule : undefined
  const key = block.to.slice('schedule.'.length)
  if (!schedule) add(`${pointer}/to`, '倒计时到页面活动时间的某一刻，但页面没有设置活动时间')
  else if (typeof schedule[key] !== 'string')
    add(`${pointer}/to`, `倒计时到的${SCHEDULE_WORDS[key] ?? '时间'}在页面活动时间里没有填写`)
}
