// What the library knows of the image at a field (size, weight), for a studio upload; undefined for any other
// address (a public/ file or an https one), whose weight the studio does not know.
import useSWR, { useSWRConfig } from 'swr'
import type { StudioApiError } from '../../api/client'
import { studioApi } from '../../api/endpoints'
import type { MediaAsset } from '../../api/types'

const STUDIO_MEDIA = /^\/api\/pages\/media\/[\w-]+\.\w+$/
const assetKey = (url: string) => ['studio', 'media-asset', url] as const

export function useAssetInfo(url: string) {
  const { mutate } = useSWRConfig()
  const { data } = useSWR<MediaAsset | null, StudioApiError>(
    STUDIO_MEDIA.test(url) ? assetKey(url) : null,
    async () => (await studioApi.mediaLibrary({ url, limit: 1 })).items[0] ?? null,
    { revalidateOnFocus: false, shouldRetryOnError: false, revalidateIfStale: false },
  )
  return {
    asset: data ?? undefined,
    /** Tells the fields showing `asset.url` what the library knows of it (chosen there: no request). */
    remember: (asset: MediaAsset) => mutate(assetKey(asset.url), asset, { revalidate: false }),
  }
}
