import { defineModule } from '../../platform/module'
import { wechatRoutes } from './routes'
import { WechatService } from './service'

declare module '../../platform/services' {
  interface Services {
    wechat: WechatService
  }
}

/** Inside WeChat: web-authorization login and binding, the signed JS-SDK config for share cards (docs/wechat.md). */
export const wechatModule = defineModule({
  name: 'wechat',
  services: {
    wechat: (s) => new WechatService({ db: s.db, now: s.now, config: s.wechatConfig, log: s.log }),
  },
  routes: wechatRoutes,
  // Round trips and pending bindings a day past their use.
  sweep: async (s) => s.wechat.purge(),
})
