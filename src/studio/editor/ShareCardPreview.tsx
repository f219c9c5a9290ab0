import { APP_INFO, DEFAULT_SHARE_CARD } from '../../config/app'
import './shareCardPreview.css'

/**
 * How a page's link shows in a WeChat chat once shared (the JS-SDK card the page gives WeChat): the share title,
 * the description and the image's thumbnail, each falling back as the page does (the page title, the mall's
 * default description and icon). Beside the page form's 分享 fields.
 */
export function ShareCardPreview({
  pageTitle,
  share,
}: {
  pageTitle: unknown
  share: { title?: unknown; desc?: unknown; image?: unknown } | undefined
}) {
  const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value : undefined)
  const title = text(share?.title) ?? text(pageTitle) ?? APP_INFO.displayName
  const desc = text(share?.desc) ?? DEFAULT_SHARE_CARD.desc
  const image = text(share?.image) ?? DEFAULT_SHARE_CARD.image
  return (
    <figure className="share-card-preview" data-testid="share-card-preview">
      <figcaption>微信分享卡片预览</figcaption>
      <div className="share-card-preview-chat">
        <span className="share-card-preview-avatar" aria-hidden="true" />
        <div className="share-card-preview-card">
          <div className="share-card-preview-title">{title}</div>
          <div className="share-card-preview-body">
            <p className="share-card-preview-desc">{desc}</p>
            <img className="share-card-preview-image" src={image} alt="分享图片" />
          </div>
          <div className="share-card-preview-source">{APP_INFO.displayName}</div>
        </div>
      </div>
    </figure>
  )
}
