import { useParams } from 'react-router-dom'
import { LoadingView } from '../../components/StatusViews'
import { LoginAwareError } from '../../components/flow/LoginAwareError'
import type { ScreenLoader } from '../../types/route'
import { articleKey, useArticle } from './api'
import { ArticleView } from './ArticleView'
import { lookVideosHref } from './paths'
import './content.css'

export const loader: ScreenLoader = ({ params }, load) => params.id && load(articleKey(params.id))

/** /look/video/:id: one short video with its poster and controls, its notes and related products. */
export default function VideoPage() {
  const { id } = useParams()
  const video = useArticle(id)
  if (video.error)
    return (
      <LoginAwareError
        back={{ to: lookVideosHref(), label: '返回短视频' }}
        error={video.error}
        onRetry={() => void video.mutate()}
      />
    )
  if (!video.data) return <LoadingView lines={8} />
  return (
    <div className="content-page content-video-page">
      <ArticleView article={video.data} />
    </div>
  )
}
