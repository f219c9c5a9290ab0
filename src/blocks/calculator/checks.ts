import type { AddFinding, BlockCheck } from '../../page-config/blockCheck'
import { isObject } from '../../page-config/json'

/** min ≤ default ≤ max of one range (age, premium, target). */
/** The Chinese words of the range fields. */
const SAID: Record<string, string> = {
  min: '最小值',
  max: '最大值',
  default: '默认值',
  minFen: '最小值',
  maxFen: '最大值',
  defaultFen: '默认值',
}

function checkRange(range: unknown, pointer: string, min: string, max: string, def: string, add: AddFinding) {
  if (!isObject(range)) return
  const [lo, hi, d] = [range[min], range[max], range[def]]
  if (typeof lo !== 'number' || typeof hi !== 'number' || typeof d !== 'number') return
  if (lo > hi) add(`${pointer}/${max}`, `「${SAID[max]}」不能小于「${SAID[min]}」`)
  else if (d < lo || d > hi) add(`${pointer}/${def}`, `「${SAID[def]}」必须在最小值与最大值之间`)
}

export const check: BlockCheck = ({ block, pointer, add }) => {
  checkRange(block.age, `${pointer}/age`, 'min', 'max', 'default', add)
  checkRange(block.premium, `${pointer}/premium`, 'minFen', 'maxFen', 'defaultFen', add)
  const years = isObject(block.paymentYears) ? block.paymentYears : undefined
  if (years && Array.isArray(years.options) && !years.options.includes(years.default)) {
    add(`${pointer}/paymentYears/default`, '「默认交费年期」必须是可选年期中的一项')
  }
  const ageMax = isObject(block.age) && typeof block.age.max === 'number' ? block.age.max : 0
  if (typeof block.toAge === 'number' && block.toAge <= ageMax)
    add(`${pointer}/toAge`, '「演示到多少岁」必须大于最大投保年龄')
  const payout = isObject(block.payout) ? block.payout : undefined
  if (payout && typeof payout.startAge === 'number' && typeof payout.endAge === 'number') {
    if (payout.startAge > payout.endAge)
      add(`${pointer}/payout/endAge`, '「领取结束年龄」不能小于「领取开始年龄」')
    if (typeof block.toAge === 'number' && payout.endAge > block.toAge)
      add(`${pointer}/payout/endAge`, '「领取结束年龄」不能大于「演示到多少岁」')
  }
  const target = isObject(block.target) ? block.target : undefined
  if (block.mode === 'reversal' && !target) add(pointer, '反推模式必须填写「反推的目标」')
  if (target) {
    checkRange(target, `${pointer}/target`, 'minFen', 'maxFen', 'defaultFen', add)
    if (target.kind === 'value' && typeof target.atAge !== 'number')
      add(`${pointer}/target`, '目标为账户价值时必须填写「在多少岁时」')
    if (target.kind === 'payout' && !payout)
      add(`${pointer}/target/kind`, '目标为每年领取时必须配置「每年领取」')
  }
}
