import type { Media } from '@/payload-types'
import { LazyImage } from './LazyImage.client'

/**
 * A CMS image: lazy, with the webp rendition and intrinsic size; portrait
 * images (width < height) get the vertical treatment.
 */
export function MediaImage({ media, className = '', eager = false }: { media: Media | number | null | undefined; className?: string; eager?: boolean }) {
  if (!media || typeof media !== 'object' || !media.url) return null
  return (
    <LazyImage
      src={media.url}
      webp={media.sizes?.webp?.url}
      alt={media.description ?? ''}
      width={media.width ?? undefined}
      height={media.height ?? undefined}
      className={className}
      eager={eager}
    />
  )
}
