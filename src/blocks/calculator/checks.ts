import type { AddFinding, BlockCheck } from '../../page-config/blockCheck'
import { isObject } from '../../page-config/json'

/** min ≤ default ≤ max of one range (age, premium, target). */
function checkRange(range: unknown, pointer: string, min: string, max: string, def: string, add: AddFinding) {
  if (!isObject(range)) return
  const [lo, hi, d] = [range[min], range[max], range[def]]
  if (typeof lo !== 'number' || typeof hi !== 'number' || typeof d !== 'number') return
  if (lo > hi) add(`${pointer}/${max}`, `${max} 不能小于 ${min}`)
  else if (d < lo || d > hi) add(`${pointer}/${def}`, `${def} 必须在 ${min} 与 ${max} 之间`)
}

export const check: BlockCheck = ({ block, pointer, add }) => {
  checkRange(block.age, `${pointer}/age`, 'min', 'max', 'default', add)
  checkRange(block.premium, `${pointer}/premium`, 'minFen', 'maxFen', 'defaultFen', add)
  const years = isObject(block.paymentYears) ? block.paymentYears : undefined
  if (years && Array.isArray(years.options) && !years.options.includes(years.default)) {
    add(`${pointer}/paymentYears/default`, 'default 必须是 options 中的一项')
  }
  const ageMax = isObject(block.age) && typeof block.age.max === 'number' ? block.age.max : 0
  if (typeof block.toAge === 'number' && block.toAge <= ageMax)
    add(`${pointer}/toAge`, 'toAge 必须大于最大投保年龄')
  const payout = isObject(block.payout) ? block.payout : undefined
  if (payout && typeof payout.startAge === 'number' && typeof payout.endAge === 'number') {
    if (payout.startAge > payout.endAge) add(`${pointer}/payout/endAge`, 'endAge 不能小于 startAge')
    if (typeof block.toAge === 'number' && payout.endAge > block.toAge)
      add(`${pointer}/payout/endAge`, 'endAge 不能大于 toAge')
  }
  const target = isObject(block.target) ? block.target : undefined
  if (block.mode === 'reversal' && !target) add(pointer, '反推模式（mode=reversal）必须填写 target')
  if (target) {
    checkRange(target, `${pointer}/target`, 'minFen', 'maxFen', 'defaultFen', add)
    if (target.kind === 'value' && typeof target.atAge !== 'number')
      add(`${pointer}/target`, 'kind=value 时必须填写 atAge')
    if (target.kind === 'payout' && !payout)
      add(`${pointer}/target/kind`, 'kind=payout 时页面计算器必须配置 payout')
  }
}
