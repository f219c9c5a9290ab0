import type { ScreenRoute } from '../../types/route'
import { protocolHref } from './paths'

const protocol = () => import('./ProtocolPage')

export const protocolRoutes: ScreenRoute[] = [
  { path: protocolHref('privacy'), title: '隐私保护政策', load: protocol },
  { path: protocolHref('sensitive'), title: '个人敏感信息收集使用授权书', load: protocol },
  { path: protocolHref('service'), title: '用户服务协议', load: protocol },
  { path: protocolHref('auth'), title: '实名认证授权书', load: protocol },
]
