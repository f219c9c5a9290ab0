import { ImageViewer } from 'antd-mobile'

// The claim's photos full screen, swiped through: antd-mobile's viewer (its animation and gesture libraries, about
// 30 KiB gzip) loads with the first photo opened (ClaimDetailPage.tsx).

export default function DocumentViewer({
  images,
  index,
  open,
  onClose,
}: {
  images: string[]
  index: number
  open: boolean
  onClose: () => void
}) {
  return (
    <ImageViewer.Multi
      key={`${images[0]}-${index}`}
      images={images}
      visible={open}
      classNames={{ mask: 'claim-viewer-mask' }}
      defaultIndex={index}
      onClose={onClose}
      renderFooter={() => (
        <div className="claim-viewer-footer">
          <button type="button" onClick={onClose}>
            关闭
          </button>
        </div>
      )}
    />
  )
}
