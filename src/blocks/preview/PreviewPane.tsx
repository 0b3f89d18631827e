import { useSelector } from '@xstate/react';
import {
  memo,
  type ReactNode,
  type Ref,
  startTransition,
  useDeferredValue,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { Heading, ToggleButton, ToggleButtonGroup } from 'react-aria-components';
import type { PageItem } from '@/api/contract/blocks';
import type { SiteBlock, SiteForm } from '@/api/contract/site';
import { mediaIdsOfItem } from '@/shared/mediaRefs';
import { SITE_STYLESHEET_PATH } from '@/site/stylesheet';
import { mediaMap, useMediaItems } from '@/ui/media/mediaCache';
import { useCommentsAccess } from '../builder/comments/commentsContext';
import type { BuilderActor } from '../builder/useBuilderActor';
import { type LiveDraft, type OpenDraft, withOpenDraft } from './liveDraft';
import { PreviewFrame } from './PreviewFrame';
import styles from './PreviewPane.module.css';
import { previewBlocksMaker } from './previewBlocks';
import { type PreviewContext, useBrandSlug, useLiveDealerships, usePreviewContext } from './previewContext';
import { formFromDraft } from './previewForm';
import { PREVIEW_WIDTHS, type PreviewWidth, usePreviewWidth } from './previewPrefs';
import { SiteBlockView, SiteFormPreview, SitePageFrame } from './siteView';
import { usePreviewWindow } from './usePreviewWindow';

/**
 * What the preview shows: a page's blocks as the site shows them on a page of its brand, or a form
 * as a visitor sees it, from these of its settings.
 */
export type PreviewSubject =
  | { kind: 'page'; brandId: number | null }
  | { kind: 'form'; brandId: number | null; thankYou: SiteForm['thank_you'] };

export interface PreviewPaneProps {
  actor: BuilderActor;
  /** The open block's unsaved state, shown in the block's place as it is typed. */
  liveDraft: LiveDraft;
  subject: PreviewSubject;
}

const NO_BLOCKS: readonly SiteBlock[] = [];

const WIDTH_LABELS: Record<PreviewWidth, string> = { mobile: 'Mobile', tablet: 'Tablet', desktop: 'Desktop' };

/** One block of the page; memoised, so a keystroke renders again only the block it changed. */
const PreviewBlock = memo(function PreviewBlock({
  id,
  block,
  context,
  origin,
  openComments = 0,
}: {
  id: number;
  block: SiteBlock;
  context: PreviewContext;
  /** Given to the first block: where the blocks' coordinates start. */
  origin?: Ref<HTMLDivElement>;
  /** Open comments on the block: the preview marks it (the site's styles do not reach the mark). */
  openComments?: number;
}) {
  return (
    <div
      ref={origin}
      data-preview-key={id}
      data-open-comments={openComments || undefined}
      style={openComments > 0 ? { outline: '3px dashed #b45309', outlineOffset: '-3px' } : undefined}
    >
      {openComments > 0 ? (
        <p
          style={{
            margin: 0,
            padding: '2px 8px',
            background: '#b45309',
            color: '#fff',
            font: '600 13px/1.5 system-ui',
          }}
        >
          {openComments === 1 ? '1 open comment' : `${openComments} open comments`}
        </p>
      ) : null}
      <SiteBlockView block={block} context={context} id={`block-${id}`} />
    </div>
  );
});

/**
 * The open block's unsaved state, taken once the keystroke's own frame is painted (the task after
 * the next animation frame), in a transition: the field's paint never waits for the preview, the
 * keystrokes of one frame make one preview render, and a render still running when the next key
 * comes is dropped for the newer draft.
 */
function useOpenDraft(liveDraft: LiveDraft): OpenDraft | null {
  const [open, setOpen] = useState(liveDraft.get);
  useEffect(() => {
    setOpen(liveDraft.get());
    let frame = 0;
    let task: ReturnType<typeof setTimeout> | undefined;
    const take = () => {
      task = undefined;
      startTransition(() => setOpen(liveDraft.get()));
    };
    const unsubscribe = liveDraft.subscribe(() => {
      if (frame !== 0 || task !== undefined) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        task = setTimeout(take, 0);
      });
    });
    return () => {
      unsubscribe();
      cancelAnimationFrame(frame);
      clearTimeout(task);
    };
  }, [liveDraft]);
  return open;
}

/** The builder's blocks as they stand, the open one as typed, deferred behind the editor's updates. */
function useDraftItems(actor: BuilderActor, liveDraft: LiveDraft) {
  const stored = useDeferredValue(useSelector(actor, (s) => s.context.items));
  const keys = useDeferredValue(useSelector(actor, (s) => s.context.keys));
  const open = useOpenDraft(liveDraft);
  return { items: useMemo(() => withOpenDraft(stored, keys, open), [stored, keys, open]), keys, stored };
}

/**
 * The same array as last time while its keys are the same: a keystroke makes the blocks anew but
 * not their order, and the preview's window need not lay its offsets out again.
 */
function useSameKeys(keys: readonly number[]): readonly number[] {
  const last = useRef(keys);
  const same = last.current.length === keys.length && last.current.every((key, at) => key === keys[at]);
  if (!same) last.current = keys;
  return last.current;
}

/**
 * The library items a draft's blocks show, read again only from the blocks that changed (a keystroke
 * changes one block): each block's ids are kept by the block's identity.
 */
function mediaIdsMaker(): (items: readonly PageItem[]) => number[] {
  const read = new WeakMap<PageItem, number[]>();
  return (items) => {
    const ids: number[] = [];
    for (const item of items) {
      let own = read.get(item);
      if (own === undefined) {
        own = mediaIdsOfItem(item);
        read.set(item, own);
      }
      for (const id of own) ids.push(id);
    }
    return ids;
  };
}

function PagePreview({
  actor,
  liveDraft,
  brandId,
}: {
  actor: BuilderActor;
  liveDraft: LiveDraft;
  brandId: number | null;
}) {
  const { items, keys, stored } = useDraftItems(actor, liveDraft);
  const name = useDeferredValue(useSelector(actor, (s) => s.context.name));
  const editing = useSelector(actor, (s) => s.context.editing);
  const [blocksOf] = useState(() => previewBlocksMaker());
  const [mediaIdsOf] = useState(mediaIdsMaker);
  const mediaVersion = useMediaItems(useMemo(() => mediaIdsOf(items), [mediaIdsOf, items]));
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new version means new items were read
  const media = useMemo(() => mediaMap(), [mediaVersion]);
  const blocks = useMemo(() => blocksOf(items, keys, media), [blocksOf, items, keys, media]);
  const siteBlocks = useMemo(() => blocks.map(({ block }) => block), [blocks]);
  const context = usePreviewContext(actor, siteBlocks, useBrandSlug(actor, brandId));
  const editingKey = editing === null ? null : (keys[editing] ?? null);
  const blockKeys = useSameKeys(useMemo(() => blocks.map(({ key }) => key), [blocks]));
  const comments = useCommentsAccess();
  // Typing does not change a block's id: the stored blocks name them, made again only as they change.
  const idByKey = useMemo(() => new Map(keys.map((key, at) => [key, stored[at]?.id])), [stored, keys]);
  const editingAt = editingKey === null ? -1 : blockKeys.indexOf(editingKey);
  const first = useRef<HTMLDivElement>(null);
  const stretches = usePreviewWindow(blockKeys, editingAt < 0 ? null : editingAt, first);

  useEffect(() => {
    if (editingKey === null) return;
    const shown = document
      .querySelector<HTMLIFrameElement>('iframe[data-preview]')
      ?.contentDocument?.querySelector(`[data-preview-key="${editingKey}"]`);
    shown?.scrollIntoView({ block: 'nearest' });
  }, [editingKey]);

  return (
    <SitePageFrame name={name} context={context}>
      {blocks.length === 0 ? <p>No visible blocks yet.</p> : null}
      {(stretches ?? [{ kind: 'rows', first: 0, last: blocks.length - 1 }]).flatMap((stretch) =>
        stretch.kind === 'gap'
          ? // Never the scroll's anchor: a rendered block is, so the view stays on it as the gaps' estimates change.
            [
              <div
                key={`gap-${stretch.first}`}
                aria-hidden="true"
                style={{ height: stretch.height, overflowAnchor: 'none' }}
              />,
            ]
          : blocks
              .slice(stretch.first, stretch.last + 1)
              .map(({ key, block }, at) => (
                <PreviewBlock
                  key={key}
                  id={key}
                  block={block}
                  context={context}
                  origin={stretch.first + at === 0 ? first : undefined}
                  openComments={comments?.openOn(idByKey.get(key)) ?? 0}
                />
              )),
      )}
    </SitePageFrame>
  );
}

function FormPreview({
  actor,
  liveDraft,
  form,
}: {
  actor: BuilderActor;
  liveDraft: LiveDraft;
  form: Extract<PreviewSubject, { kind: 'form' }>;
}) {
  const { items } = useDraftItems(actor, liveDraft);
  // A form's own page has no blocks of the site's: its context is the site's frame around it.
  const context = usePreviewContext(actor, NO_BLOCKS, null);
  const dealerships = useLiveDealerships(actor);
  const name = useDeferredValue(useSelector(actor, (s) => s.context.name));
  const slug = useSelector(actor, (s) => s.context.slug);
  const brandSlug = useBrandSlug(actor, form.brandId);
  const shown = useMemo(
    () => formFromDraft({ items, name, handle: slug, thankYou: form.thankYou, brandSlug }, dealerships),
    [items, name, slug, form.thankYou, brandSlug, dealerships],
  );
  return <SiteFormPreview form={shown} context={context} />;
}

/**
 * The builder's preview: the unsaved draft rendered with the site's own components and stylesheet
 * in a frame at a device's width. Loaded with the pane, never with the builder.
 */
export default function PreviewPane({ actor, liveDraft, subject }: PreviewPaneProps) {
  const [width, setWidth] = usePreviewWidth();
  let content: ReactNode;
  if (subject.kind === 'form') content = <FormPreview actor={actor} liveDraft={liveDraft} form={subject} />;
  else content = <PagePreview actor={actor} liveDraft={liveDraft} brandId={subject.brandId} />;
  return (
    <section className={styles.pane} aria-labelledby="builder-preview-heading">
      <div className={styles.bar}>
        <Heading level={2} id="builder-preview-heading" className={styles.heading}>
          Preview
        </Heading>
        <ToggleButtonGroup
          aria-label="Preview width"
          selectionMode="single"
          disallowEmptySelection
          selectedKeys={[width]}
          onSelectionChange={(keys) => {
            const [next] = [...keys];
            if (typeof next === 'string' && Object.hasOwn(PREVIEW_WIDTHS, next))
              setWidth(next as PreviewWidth);
          }}
          className={styles.widths}
        >
          {(Object.keys(PREVIEW_WIDTHS) as PreviewWidth[]).map((key) => (
            <ToggleButton key={key} id={key} className={styles.width}>
              {`${WIDTH_LABELS[key]} ${PREVIEW_WIDTHS[key]}`}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </div>
      <PreviewFrame
        width={PREVIEW_WIDTHS[width]}
        cssUrl={SITE_STYLESHEET_PATH}
        title={subject.kind === 'form' ? 'Form preview' : 'Page preview'}
      >
        {content}
      </PreviewFrame>
    </section>
  );
}
