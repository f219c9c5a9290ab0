// What the WeChat stand-in shows a browser: the authorize pages (outside WeChat, the snsapi_userinfo consent,
// an error) and the stand-in JS-SDK script (jweixin), all written here for the stand-in alone.

const escape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  )

function page(title: string, body: string): string {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escape(title)}</title></head><body>${body}</body></html>`
}

/** Opened outside WeChat (no wx_user cookie on the stand-in's origin). */
export const outsideWechatPage = () => page('微信', '<p>请在微信客户端打开链接</p>')

/** WeChat's error page of the authorize step (e.g. 10003 redirect_uri域名与后台配置不一致). */
export const authorizeErrorPage = (errcode: number, message: string) =>
  page('微信', `<h1>Oops! Something went wrong:(</h1><p data-errcode="${errcode}">${escape(message)}</p>`)

/** The snsapi_userinfo consent: 允许 and 拒绝 post the decision back with the pending request's ticket. */
export const consentPage = (ticket: string, nickname: string) =>
  page(
    '微信授权',
    `<p>${escape(nickname)}，该网页申请获取你的昵称、头像</p>` +
      `<form method="post" action="/connect/oauth2/authorize/decide">` +
      `<input type="hidden" name="ticket" value="${escape(ticket)}">` +
      `<button type="submit" name="decision" value="allow">允许</button> ` +
      `<button type="submit" name="decision" value="deny">拒绝</button></form>`,
  )

/**
 * The stand-in jweixin: `wx.config` sends the config and the page's location.href (without #) to the stand-in,
 * which checks the signature with the tickets it issued and answers ok or `config:invalid signature`; then
 * `wx.ready` or `wx.error` callbacks run. The share interfaces wait for that answer and are recorded by the
 * stand-in only after a valid config that listed them. The calls go as script elements from the SDK's own origin
 * (JSONP), which the mall's Content-Security-Policy allows as it allows the SDK (script-src), and nothing else.
 */
export function jweixinScript(baseUrl: string): string {
  return `(function () {
  var BASE = ${JSON.stringify(baseUrl)};
  var session = Math.random().toString(36).slice(2) + Date.now().toString(36);
  var verdict = null, readyFns = [], errorFns = [], waiting = [], seq = 0;
  var pageUrl = function () { return location.href.split('#')[0]; };
  function call(path, data, done) {
    var name = '__wxStandIn_' + session + '_' + (++seq);
    var script = document.createElement('script');
    window[name] = function (answer) { window[name] = undefined; script.remove(); done(answer); };
    script.onerror = function () { window[name] = undefined; script.remove(); done({ ok: false, errMsg: 'network:fail' }); };
    script.src = BASE + path + '?data=' + encodeURIComponent(JSON.stringify(data)) + '&callback=' + name;
    (document.head || document.documentElement).appendChild(script);
  }
  function settle(answer) {
    verdict = answer;
    var fns = answer.ok ? readyFns : errorFns;
    readyFns = []; errorFns = [];
    fns.forEach(function (fn) { fn(answer.ok ? undefined : { errMsg: answer.errMsg }); });
    waiting.splice(0).forEach(function (run) { run(); });
  }
  function shareApi(api) {
    return function (options) {
      options = options || {};
      var run = function () {
        call('/stand-in/jssdk/share', { session: session, api: api, title: options.title, desc: options.desc,
          link: options.link, imgUrl: options.imgUrl, url: pageUrl() }, function (answer) {
          var res = { errMsg: answer.errMsg };
          if (answer.ok) { if (options.success) options.success(res); }
          else if (options.fail) options.fail(res);
          if (options.complete) options.complete(res);
        });
      };
      if (verdict === null) waiting.push(run); else run();
    };
  }
  var wx = {
    config: function (config) {
      verdict = null;
      call('/stand-in/jssdk/config', { session: session, config: config, url: pageUrl() }, settle);
    },
    ready: function (fn) { if (verdict && verdict.ok) fn(); else readyFns.push(fn); },
    error: function (fn) { if (verdict && !verdict.ok) fn({ errMsg: verdict.errMsg }); else errorFns.push(fn); },
    checkJsApi: function (options) {
      var result = {};
      (options.jsApiList || []).forEach(function (api) { result[api] = typeof wx[api] === 'function'; });
      if (options.success) options.success({ checkResult: result, errMsg: 'checkJsApi:ok' });
    },
    updateAppMessageShareData: shareApi('updateAppMessageShareData'),
    updateTimelineShareData: shareApi('updateTimelineShareData')
  };
  window.wx = window.jWeixin = wx;
})();
`
}
