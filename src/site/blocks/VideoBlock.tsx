import { filesOf, textOf } from '../context';
import { BlockHeading, labelledBy } from './BlockHeading';
import { type BlockProps, sectionFields } from './blockProps';

/** Where a YouTube or Vimeo address plays inside a page, or null for any other address. */
export function embedUrl(url: string): string | null {
  const youtube =
    /^https:\/\/(?:www\.)?(?:youtube\.com\/watch\?v=|youtu\.be\/|youtube\.com\/embed\/)([\w-]{6,20})/.exec(
      url,
    );
  if (youtube) return `https://www.youtube-nocookie.com/embed/${youtube[1]}`;
  const vimeo = /^https:\/\/(?:www\.)?vimeo\.com\/(\d{3,12})/.exec(url);
  if (vimeo) return `https://player.vimeo.com/video/${vimeo[1]}`;
  return null;
}

/** A video: YouTube and Vimeo play in the page, a video file in the browser's player, else a link. */
export function VideoBlock({ block, id }: BlockProps) {
  const content = sectionFields(block, 'content');
  const title = textOf(content.title);
  const url = textOf(content.url).trim();
  const poster = filesOf(content.poster)[0];
  const caption = textOf(content.caption);
  const embed = embedUrl(url);
  const file = /^(?:https:\/\/|\/)[^\s]+\.(?:mp4|webm)$/i.test(url) ? url : null;
  if (!embed && !file && !/^https:\/\//.test(url)) return null;
  return (
    <section className="site-block site-video" aria-labelledby={labelledBy(id, title)}>
      <BlockHeading id={id} title={title} />
      <figure>
        {embed ? (
          <div className="site-video__frame">
            <iframe
              src={embed}
              title={title || 'Video'}
              loading="lazy"
              allow="encrypted-media; picture-in-picture; fullscreen"
              referrerPolicy="strict-origin-when-cross-origin"
            />
          </div>
        ) : file ? (
          // biome-ignore lint/a11y/useMediaCaption: the dealership's videos come without caption tracks
          <video controls preload="none" poster={poster?.url} src={file} />
        ) : (
          <p>
            <a href={url}>Watch the video{title ? `: ${title}` : ''}</a>
          </p>
        )}
        {caption ? <figcaption>{caption}</figcaption> : null}
      </figure>
    </section>
  );
}
