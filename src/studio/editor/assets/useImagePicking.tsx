// What every image picker of the studio shares: 上传 (busy, failure message) and the asset library, opened on
// demand (its chunk loads at the first opening). ImageField (the property forms) and the prize table's cell use it.
import { Suspense, useState, type ReactNode } from 'react'
import { lazyWithRetry } from '../../../lib/lazyWithRetry'
import { ChunkRetryAlert } from '../../ChunkRetryAlert'
import type { MediaAsset } from '../../api/types'
import { useAssetInfo } from './useAssetInfo'

const AssetLibrary = lazyWithRetry(
  () => import('./AssetLibrary').then((m) => ({ default: m.AssetLibrary })),
  ChunkRetryAlert,
)

export function useImagePicking(
  url: string,
  onChange: (url: string | undefined) => void,
  uploadImage: (file: File) => Promise<string>,
) {
  const [busy, setBusy] = useState(false)
  const [failed, setFailed] = useState<string | null>(null)
  const [libraryOpen, setLibraryOpen] = useState(false)
  // Mounted from the first opening on, so the drawer closes with its motion.
  const [libraryUsed, setLibraryUsed] = useState(false)
  const { asset, remember } = useAssetInfo(url)
  const choose = (chosen: MediaAsset) => {
    void remember(chosen)
    setFailed(null)
    setLibraryOpen(false)
    onChange(chosen.url)
  }
  /** For antd Upload's beforeUpload: uploads, sets the field, and keeps the file out of Upload's own list. */
  const upload = (file: File) => {
    setBusy(true)
    setFailed(null)
    uploadImage(file)
      .then((uploaded) => onChange(uploaded))
      .catch((e: unknown) => setFailed(e instanceof Error ? e.message : '上传失败'))
      .finally(() => setBusy(false))
    return false
  }
  const openLibrary = () => {
    setLibraryUsed(true)
    setLibraryOpen(true)
  }
  const library: ReactNode = libraryUsed ? (
    <Suspense fallback={null}>
      <AssetLibrary open={libraryOpen} onClose={() => setLibraryOpen(false)} onChoose={choose} />
    </Suspense>
  ) : null
  return { asset, busy, failed, upload, openLibrary, library }
}
