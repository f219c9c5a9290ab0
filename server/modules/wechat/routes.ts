import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import { optionalUserId, userIdOf } from '../../platform/auth'
import { route } from '../../platform/route'
import { HOUR, takeHit } from '../../platform/rateLimits'
import { startSession } from '../auth/sessionStart'
import { BIND_COOKIE, clearWechatCookie, OAUTH_COOKIE, setWechatCookie, wechatCookie } from './cookies'
import { loginPath, safeReturnTo, withQuery } from './returnTo'

/** Round trips one IP address may start in an hour (each writes a row; WeChat's users share carrier NATs). */
const STARTS_PER_IP_PER_HOUR = 600

/** The origins a page of ours may be at: PUBLIC_URL's, and the one this request was addressed to. */
function ownOrigins(request: FastifyRequest, publicUrl: string): string[] {
  const origins = [new URL(publicUrl).origin]
  try {
    origins.push(new URL(`${request.protocol}://${request.host}`).origin)
  } catch {
    // A Host header that is no host: PUBLIC_URL's origin only.
  }
  return origins
}

export const wechatRoutes: FastifyPluginAsync = async (app) => {
  const { wechat, appTokenLogin, publicUrl, basePath, db, now } = app.services

  route(app, {
    method: 'GET',
    url: '/api/wechat/config',
    schema: {
      summary: '微信与App登录的开通情况（网页授权、JS-SDK分享、App登录凭证）',
      tags: ['wechat'],
      querystring: 'common/EmptyQuery',
      response: 'wechat/WechatConfig',
    },
    handler: async () => ({
      oauth: wechat.config !== null,
      jssdk: wechat.config !== null,
      appToken: appTokenLogin.configured,
    }),
  })

  route(app, {
    method: 'GET',
    url: '/api/wechat/oauth/start',
    schema: {
      summary: '微信网页授权：跳转到微信授权页（未开通时直接返回 returnTo）',
      tags: ['wechat'],
      querystring: 'wechat/OauthStartQuery',
    },
    handler: async (request, reply) => {
      const returnTo = safeReturnTo(request.query.returnTo)
      if (!wechat.config) return reply.redirect(returnTo)
      if (!(await takeHit(db, `wechat-oauth:ip:${request.ip}`, STARTS_PER_IP_PER_HOUR, HOUR, now())))
        return reply.redirect(withQuery(returnTo, 'wechat', 'failed'))
      const scope = request.query.scope === 'userinfo' ? 'snsapi_userinfo' : 'snsapi_base'
      const { state, url } = await wechat.startAuthorization(scope, returnTo, publicUrl())
      setWechatCookie(reply, OAUTH_COOKIE, state)
      return reply.redirect(url)
    },
  })

  route(app, {
    method: 'GET',
    url: '/api/wechat/oauth/callback',
    schema: {
      summary: '微信网页授权回调：登录已绑定的账号、绑定当前账号，或转到验证码登录以绑定',
      tags: ['wechat'],
      querystring: 'wechat/OauthCallbackQuery',
    },
    handler: async (request, reply) => {
      const cookieState = wechatCookie(request, OAUTH_COOKIE)
      clearWechatCookie(reply, OAUTH_COOKIE)
      let outcome
      try {
        outcome = await wechat.completeAuthorization({
          code: request.query.code,
          state: request.query.state,
          cookieState,
          currentUserId: await optionalUserId(request),
        })
      } catch (error) {
        // Never an error page in the middle of WeChat's redirect: back to the mall, told it failed.
        request.log.error({ err: error }, 'wechat authorization callback failed')
        outcome = { kind: 'failed' as const, returnTo: '/' }
      }
      switch (outcome.kind) {
        case 'failed':
          return reply.redirect(withQuery(outcome.returnTo, 'wechat', 'failed'))
        case 'login':
          await startSession(request, reply, outcome.userId)
          return reply.redirect(outcome.returnTo)
        case 'stay':
          return reply.redirect(outcome.returnTo)
        case 'consent':
          return reply.redirect(loginPath(basePath, outcome.returnTo, false))
        case 'pending':
          setWechatCookie(reply, BIND_COOKIE, outcome.token)
          return reply.redirect(loginPath(basePath, outcome.returnTo, true))
      }
    },
  })

  route(app, {
    method: 'GET',
    url: '/api/wechat/js-config',
    schema: {
      summary: '微信JS-SDK签名配置（wx.config 的参数），url 须为本站页面地址（不含#及其后部分）',
      tags: ['wechat'],
      querystring: 'wechat/JsConfigQuery',
      response: 'wechat/JsConfig',
    },
    handler: async (request) => wechat.jsConfig(request.query.url, ownOrigins(request, publicUrl())),
  })

  route(app, {
    method: 'GET',
    url: '/api/me/wechat',
    schema: {
      summary: '我的微信绑定',
      tags: ['me'],
      auth: true,
      querystring: 'common/EmptyQuery',
      response: 'wechat/MyWechat',
    },
    handler: async (request) => wechat.mine(userIdOf(request)),
  })

  route(app, {
    method: 'DELETE',
    url: '/api/me/wechat',
    schema: {
      summary: '解除微信绑定（之后在微信中打开不再自动登录）',
      tags: ['me'],
      auth: true,
      querystring: 'common/EmptyQuery',
      response: 'common/Ok',
    },
    handler: async (request) => {
      await wechat.unbind(userIdOf(request))
      return { ok: true as const }
    },
  })
}
