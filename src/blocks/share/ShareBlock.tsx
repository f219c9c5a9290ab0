import { Button } from 'antd-mobile'
import type { ShareBlock as Props } from '../../types/generated/page'
import { useBlockRuntime, type BlockProps } from '../runtime'
import { useBlockAction } from '../useBlockAction'

/** The page's share info (set from this block by the runtime) and a button that opens the share sheet. */
export default function ShareBlock({ block }: BlockProps<Props>) {
  const { text, share } = useBlockRuntime()
  const { onClick, busy } = useBlockAction({ type: 'share' })
  return (
    <div className="blk-share">
      {share.image && <img src={share.image} alt="" loading="lazy" />}
      <div className="blk-share-text">
        <strong>{text(share.title)}</strong>
        {share.desc && <p>{text(share.desc)}</p>}
      </div>
      <Button color="primary" fill="outline" size="small" shape="rounded" onClick={onClick} disabled={busy}>
        {text(block.buttonText ?? '分享给好友')}
      </Button>
    </div>
  )
}
