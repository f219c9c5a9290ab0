import { AppLink } from '../../components/navigation/AppLink'

// The banner art is drawn for a 5:2 slide (viewBox 0 0 750 300). The width/height attributes give the
// img that ratio before the SVG loads, and home.css scales it to the slide width, so nothing is cut.
const BANNER_WIDTH = 750
const BANNER_HEIGHT = 300

export interface Banner {
  image: string
  alt: string
  to: string
}

export function BannerImage({ banner, lazy = false }: { banner: Banner; lazy?: boolean }) {
  return (
    <AppLink to={banner.to}>
      <img
        src={banner.image}
        alt={banner.alt}
        width={BANNER_WIDTH}
        height={BANNER_HEIGHT}
        loading={lazy ? 'lazy' : undefined}
        className="home-banner-image"
      />
    </AppLink>
  )
}
