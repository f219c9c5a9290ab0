import { Button } from 'antd-mobile'
import { useSnapshot } from 'valtio'
import { toast } from '../../components/notice'
import { isAllowedLink } from '../../page-config/allowedUrls'
import { nativeStore } from '../../state/native'
import type { AppDownloadBlock as Props } from '../../types/generated/page'
import { useBlockRuntime, type BlockProps } from '../runtime'
import './AppDownloadBlock.css'

const INVITE_CODE = /^[A-Z0-9]{4,12}$/
const WECHAT_UA = /MicroMessenger/i

type Platform = 'ios' | 'android' | 'wechat' | 'desktop' | 'app'

/**
 * Which store a visitor gets: WeChat's browser opens neither (it needs the system browser), and inside the
 * company's app there is nothing to download.
 */
export function platformOf(device: string, userAgent: string, inApp = false): Platform {
  if (inApp) return 'app'
  if (WECHAT_UA.test(userAgent)) return 'wechat'
  return device === 'ios' || device === 'android' ? device : 'desktop'
}

/**
 * App download: the store of the visitor's phone (both, with a QR code, on a computer; a hint to open the
 * system browser inside WeChat; inside the company's app no download prompt). Prerendered HTML shows both stores
 * until the page knows the phone.
 */
export default function AppDownloadBlock({ block }: BlockProps<Props>) {
  const runtime = useBlockRuntime()
  const { device, isInApp } = useSnapshot(nativeStore.state)
  // Prerendered HTML (and its hydration) is the same for every phone; the next render knows this one.
  const platform = runtime.prerendered
    ? null
    : platformOf(device, typeof navigator === 'undefined' ? '' : navigator.userAgent, isInApp)

  const invite = block.inviteCode ? runtime.text(block.inviteCode).trim().toUpperCase() : ''
  const stores = [
    { key: 'ios' as const, label: block.ios.label ?? '苹果版下载', href: block.ios.href },
    { key: 'android' as const, label: block.android.label ?? '安卓版下载', href: block.android.href },
  ].filter((s) => isAllowedLink(s.href))
  const shown =
    platform === 'ios' || platform === 'android' ? stores.filter((s) => s.key === platform) : stores

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(invite)
      toast('success', '邀请码已复制，注册时粘贴即可')
    } catch {
      toast('info', `请手动记下邀请码 ${invite}`)
    }
  }

  return (
    <div className="blk-app-download">
      <div className="blk-app-download-head">
        {block.icon && <img className="blk-app-download-icon" src={block.icon} alt="" />}
        <div>
          <strong>{block.appName}</strong>
          {block.slogan && <p>{runtime.text(block.slogan)}</p>}
        </div>
      </div>
      {block.features && block.features.length > 0 && (
        <ul className="blk-app-download-features">
          {block.features.map((f) => (
            <li key={f.title}>
              <strong>{f.title}</strong>
              {f.desc && <span>{f.desc}</span>}
            </li>
          ))}
        </ul>
      )}
      {INVITE_CODE.test(invite) && (
        <div className="blk-app-download-invite" data-testid="app-download-invite">
          <span>
            好友邀请码 <b>{invite}</b>
          </span>
          <Button size="mini" color="primary" fill="outline" onClick={() => void copy()}>
            复制
          </Button>
        </div>
      )}
      {platform === 'app' ? (
        <p className="blk-app-download-hint" data-testid="app-download-in-app">
          您正在使用国恒保险 App，无需再次下载
        </p>
      ) : platform === 'wechat' ? (
        <p className="blk-app-download-wechat" data-testid="app-download-wechat">
          微信内无法直接下载：请点击右上角「···」，选择「在浏览器打开」后再下载
        </p>
      ) : (
        <div className="blk-app-download-stores">
          {shown.map((s) => (
            <a
              key={s.key}
              className={`blk-app-download-store is-${s.key}`}
              href={s.href}
              target="_blank"
              rel="noopener noreferrer"
            >
              {s.label}
            </a>
          ))}
        </div>
      )}
      {platform === 'desktop' && <p className="blk-app-download-hint">用手机打开本页即可下载对应版本</p>}
    </div>
  )
}
