import type { ComponentType } from 'react';
import type { SiteBlock } from '@/api/contract/site';
import type { BlockProps } from './blocks/blockProps';
import { CallToActionBlock } from './blocks/CallToActionBlock';
import { DealershipLocatorBlock } from './blocks/DealershipLocatorBlock';
import { EmbeddedFormBlock } from './blocks/EmbeddedFormBlock';
import { EventBlock } from './blocks/EventBlock';
import { FaqBlock } from './blocks/FaqBlock';
import { GalleryBlock } from './blocks/GalleryBlock';
import { HeroBlock } from './blocks/HeroBlock';
import { OffersBlock } from './blocks/OffersBlock';
import { RichTextBlock } from './blocks/RichTextBlock';
import { VehicleHighlightsBlock } from './blocks/VehicleHighlightsBlock';
import { VideoBlock } from './blocks/VideoBlock';
import type { SiteContext } from './context';

/** The site's component per block type of the page catalogue (PAGE_BLOCKS). */
export const BLOCK_COMPONENTS: Record<string, ComponentType<BlockProps>> = {
  hero: HeroBlock,
  rich_text: RichTextBlock,
  gallery: GalleryBlock,
  offers: OffersBlock,
  vehicle_highlights: VehicleHighlightsBlock,
  faq: FaqBlock,
  call_to_action: CallToActionBlock,
  dealership_locator: DealershipLocatorBlock,
  video: VideoBlock,
  embedded_form: EmbeddedFormBlock,
  event: EventBlock,
};

/** A page's visible blocks in order; a block of a type the site does not know renders nothing. */
export function SiteBlocks({ blocks, context }: { blocks: SiteBlock[]; context: SiteContext }) {
  return (
    <>
      {blocks.map((block, index) => {
        const Block = BLOCK_COMPONENTS[block.index];
        if (!Block) return null;
        const id = `block-${index + 1}`;
        // biome-ignore lint/suspicious/noArrayIndexKey: a block's place is its identity on the page
        return <Block key={index} block={block} context={context} id={id} />;
      })}
    </>
  );
}
