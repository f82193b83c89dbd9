import { MediaImage } from '@/components/ui/MediaImage'
import type { BlockProps } from '../types'

export function ImageSection({ block }: BlockProps<'image'>) {
  return (
    <figure className="container-site py-10">
      <MediaImage media={block.image} />
      {block.caption && <figcaption className="mt-3 text-center text-sm text-muted">{block.caption}</figcaption>}
    </figure>
  )
}
