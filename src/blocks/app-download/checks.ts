import type { BlockCheck } from '../../page-config/blockCheck'
import { isObject } from '../../page-config/json'
import { isAllowedLink, LINK_HOST_ALLOWLIST } from '../../page-config/allowedUrls'

/** Both store links open only hosts of the link allow-list. */
export const check: BlockCheck = ({ block, pointer, add }) => {
  for (const store of ['ios', 'android'] as const) {
    const href = isObject(block[store]) ? block[store].href : undefined
    if (typeof href === 'string' && !isAllowedLink(href))
      add(
        `${pointer}/${store}/href`,
        `下载链接须为 https 且域名在白名单内（允许：${LINK_HOST_ALLOWLIST.join('、')}）`,
      )
  }
}
