// A case's photo: the desk's image routes want the CSRF header like every staff route, which an <img> cannot
// send, so the bytes are fetched with it and shown from an object URL.
import { Image } from 'antd'
import { useEffect, useState } from 'react'
import { studioBlob } from '../api/client'

export function DeskImage({ src, alt }: { src: string; alt: string }) {
  const [url, setUrl] = useState<string | undefined>()
  useEffect(() => {
    const controller = new AbortController()
    let made: string | undefined
    studioBlob(src, controller.signal).then(
      (blob) => {
        made = URL.createObjectURL(blob)
        setUrl(made)
      },
      () => setUrl(undefined),
    )
    return () => {
      controller.abort()
      if (made) URL.revokeObjectURL(made)
    }
  }, [src])
  return <Image src={url} width={96} height={96} alt={alt} style={{ objectFit: 'cover' }} />
}
