import type { BlockCheck } from '../../page-config/blockCheck'
import { isObject } from '../../page-config/json'

// A countdown to schedule.x needs that moment in the page's schedule.
export const check: BlockCheck = ({ block, pointer, config, add }) => {
  if (typeof block.to !== 'string' || !block.to.startsWith('schedule.')) return
  const schedule = isObject(config.schedule) ? config.schedule : undefined
  const key = block.to.slice('schedule.'.length)
  if (!schedule) add(`${pointer}/to`, `倒计时引用了 ${block.to}，但页面没有 schedule`)
  else if (typeof schedule[key] !== 'string')
    add(`${pointer}/to`, `倒计时引用了 ${block.to}，但 schedule 里没有 ${key}`)
}
