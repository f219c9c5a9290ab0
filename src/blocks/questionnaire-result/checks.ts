import type { AddFinding, BlockCheck } from '../../page-config/blockCheck'
import { isObject } from '../../page-config/json'

/** Score bands in order and without overlap (also used by the questionnaire, whose schema shares them). */
export function checkBands(bands: unknown, pointer: string, add: AddFinding): void {
  if (!Array.isArray(bands)) return
  let previousMax: number | null = null
  bands.forEach((band, i) => {
    if (!isObject(band) || typeof band.min !== 'number' || typeof band.max !== 'number') return
    if (band.min > band.max) add(`${pointer}/${i}/max`, '最高分不能小于最低分')
    if (previousMax !== null && band.min <= previousMax)
      add(`${pointer}/${i}/min`, `分数段与上一段重叠或顺序颠倒（上一段最高 ${previousMax}）`)
    previousMax = band.max
  })
}

export const check: BlockCheck = ({ block, pointer, add }) => checkBands(block.bands, `${pointer}/bands`, add)
