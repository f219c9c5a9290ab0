import type { BlockCheck } from '../../page-config/blockCheck'
import { isObject } from '../../page-config/json'

export const check: BlockCheck = ({ block, pointer, config, add }) => {
  const dataSources = isObject(config.dataSources) ? config.dataSources : {}
  if (typeof block.from === 'string' && !(block.from in dataSources)) {
    add(`${pointer}/from`, `数据源「${block.from}」不存在（页面设置的数据源里没有它）`)
  }
}
