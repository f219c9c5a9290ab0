import type { BlockCheck } from '../../page-config/blockCheck'
import { isObject } from '../../page-config/json'
import { checkBands } from '../questionnaire-result/checks'

export const check: BlockCheck = ({ block, pointer, add }) => {
  const seen = new Set<unknown>()
  if (Array.isArray(block.questions)) {
    block.questions.forEach((q, i) => {
      if (!isObject(q)) return
      if (seen.has(q.id)) add(`${pointer}/questions/${i}/id`, `题目编号「${String(q.id)}」重复`)
      seen.add(q.id)
    })
  }
  if (block.bands !== undefined) checkBands(block.bands, `${pointer}/bands`, add)
  if (block.resultPage === undefined && block.bands === undefined)
    add(pointer, '问卷需要「结果页」或「分数段」（在本页显示结果）')
}
