import type { Media } from '@/payload-types'

/**
 * A CMS image: lazy, with the webp rendition and intrinsic size; portrait
 * images (width < height) get the vertical treatment.
 */
export function MediaImage({ media, className = '', eager = false }: { media: Media | number | null | undefined; className?: string; eager?: boolean }) {
  if (!media || typeof media !== 'object' || !media.url) return null
  const width = media.width ?? undefined
  const height = media.height ?? undefined
  const vertical = Boolean(width && height && width < height)
  const webp = media.sizes?.webp?.url
  return (
    <picture>
      {webp && <source srcSet={webp} type="image/webp" />}
      <img
        src={media.url}
        alt={media.description ?? ''}
        width={width}
        height={height}
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
        data-orientation={vertical ? 'vertical' : 'horizontal'}
        className={`${vertical ? 'mx-auto max-h-[36rem] w-auto' : 'h-auto w-full'} rounded-2xl ${className}`}
      />
    </picture>
  )
}
