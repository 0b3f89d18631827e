import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link, useSearch } from 'wouter';
import { DRAFT_OFFER_LOCK_MESSAGE, EDITING_LOCK_MESSAGE } from '@/machines/builder';
import { announce } from '@/ui/announce';
import { Button, buttonClassName } from '@/ui/Button';
import { firstField } from '@/ui/history/focusAfterDialogs';
import { LeavePrompt } from '@/ui/LeavePrompt';
import { PageHeader } from '@/ui/PageHeader';
import { type TabItem, Tabs } from '@/ui/Tabs';
import { Tooltip } from '@/ui/Tooltip';
import { useMediaQuery } from '../preview/previewPrefs';
import styles from './BuilderFrame.module.css';
import type { BuilderActor } from './useBuilderActor';

/** A route given to the builder ('?route=/pages/children/4'): only a path of this site, never elsewhere. */
export function givenRoute(search: string): string | null {
  const route = new URLSearchParams(search).get('route');
  return route && /^\/(?!\/)/.test(route) && !route.includes('\\') ? route : null;
}

/**
 * 'Go back' (spec §2 Builder): to the list, or, when the builder was given a route, that route
 * opened in full.
 */
function GoBack({ href }: { href: string }) {
  const route = givenRoute(useSearch());
  if (route) {
    return (
      <a href={route} data-reload="" className={buttonClassName('secondary')}>
        Go back
      </a>
    );
  }
  return (
    <Link href={href} className={buttonClassName('secondary')}>
      Go back
    </Link>
  );
}

/** What is said once the offer of earlier work is answered. */
const DRAFT_ANSWERS = {
  'draft.restore': 'Your unsaved changes are back.',
  'draft.discard': 'Your unsaved changes were discarded.',
} as const;
type DraftAnswer = keyof typeof DRAFT_ANSWERS;

interface DraftOfferProps {
  savedAt: string;
  onAnswer: (answer: DraftAnswer) => void;
}

/** Unsaved work kept in this browser from an earlier visit: restore it or let it go. */
function DraftOffer({ savedAt, onAnswer }: DraftOfferProps) {
  const when = new Date(savedAt).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
  // The editor waits for the answer: focus comes here, so the offer is read and answered first.
  const offer = useRef<HTMLDivElement>(null);
  useEffect(() => offer.current?.focus(), []);
  return (
    <div role="alert" className={styles.draft} ref={offer} tabIndex={-1}>
      <p>
        {`You have unsaved changes from ${when} kept in this browser.`}{' '}
        <span className={styles.draftHint}>Restore or discard them to go on editing.</span>
      </p>
      <div className={styles.draftActions}>
        <Button onPress={() => onAnswer('draft.discard')}>Discard them</Button>
        <Button variant="primary" onPress={() => onAnswer('draft.restore')}>
          Restore them
        </Button>
      </div>
    </div>
  );
}

export interface BuilderFrameProps {
  title: string;
  subtitle?: string;
  backHref: string;
  /** An item is open: the page cannot be saved until it is closed (spec §4 Builder items). */
  isEditing: boolean;
  isSaving: boolean;
  isDirty: boolean;
  /** Unsaved work from an earlier visit, offered back before anything else. */
  draftOffered?: { savedAt: string } | null;
  onSave: () => void;
  /**
   * Why the user may not save this record ('Your role, Read only, cannot change pages.'): Save stays,
   * disabled with this reason (ui/disabledReason), and saving does nothing.
   */
  saveRefused?: string | null;
  /** Extra actions beside Save (delete). */
  actions?: ReactNode;
  /** The page's own fields. */
  settings: ReactNode;
  /** The blocks. */
  items: ReactNode;
  /** Dialogs (conflict). */
  children?: ReactNode;
  /** What to fix after a refused save, above the fields. */
  summary?: ReactNode;
  /** The builder, told whether an offered draft is restored or discarded. */
  actor?: BuilderActor;
  /**
   * The preview pane while it is open: beside the editor on wide screens, behind an Editor /
   * Preview tab on narrow ones (below the builder's two-column breakpoint).
   */
  preview?: ReactNode;
}

/** Where the builder's fields and blocks stop sitting side by side (BuilderFrame.module.css). */
const NARROW = '(max-width: 800px)';

type EditorTab = 'editor' | 'preview';
const EDITOR_TABS: TabItem<EditorTab>[] = [
  { id: 'editor', label: 'Editor' },
  { id: 'preview', label: 'Preview' },
];

/**
 * Editor and Preview as tabs on a narrow screen: the editor stays mounted while the preview shows,
 * hidden, so nothing typed is lost.
 */
function NarrowTabs({ editor, preview }: { editor: ReactNode; preview: ReactNode }) {
  const [tab, setTab] = useState<EditorTab>('editor');
  return (
    <Tabs
      label="Editor or preview"
      items={EDITOR_TABS}
      selectedKey={tab}
      onSelectionChange={setTab}
      panelClassName={styles.tabPanel}
    >
      <div hidden={tab !== 'editor'}>{editor}</div>
      {tab === 'preview' ? preview : null}
    </Tabs>
  );
}

/** The builder's screen: title, Go back and Save, the page's fields beside its blocks. */
export function BuilderFrame({
  title,
  subtitle,
  backHref,
  isEditing,
  isSaving,
  isDirty,
  draftOffered = null,
  onSave,
  saveRefused = null,
  actions,
  settings,
  items,
  children,
  summary,
  actor,
  preview,
}: BuilderFrameProps) {
  const narrow = useMediaQuery(NARROW);
  const waiting = Boolean(draftOffered && actor);
  // Why Save cannot be used now, if it cannot: an open item (spec §4 Builder items), or earlier work
  // offered back and not yet answered.
  const saveLock = waiting ? DRAFT_OFFER_LOCK_MESSAGE : isEditing ? EDITING_LOCK_MESSAGE : null;
  const settingsBox = useRef<HTMLDivElement>(null);
  // The offer answered, its buttons go and the fields stop being inert: focus can only move to the
  // first field once they have (an inert field refuses focus), so it moves when `waiting` ends.
  const answered = useRef<DraftAnswer | null>(null);
  useEffect(() => {
    const answer = answered.current;
    if (waiting || answer === null) return;
    answered.current = null;
    firstField(settingsBox.current)?.focus();
    announce(DRAFT_ANSWERS[answer]);
  }, [waiting]);
  const answerOffer = (answer: DraftAnswer) => {
    answered.current = answer;
    actor?.send({ type: answer });
  };
  // A disabled button cannot be hovered or focused, so a locked Save is only marked disabled: its
  // tooltip can then say why, and pressing it anyway says why to screen readers too.
  const save = saveRefused ? (
    <Button variant="primary" disabledReason={saveRefused}>
      Save
    </Button>
  ) : (
    <Tooltip content={saveLock ?? ''} isDisabled={saveLock === null}>
      <Button
        variant="primary"
        onPress={saveLock === null ? onSave : () => announce(saveLock)}
        aria-disabled={saveLock !== null || undefined}
        className={saveLock !== null ? styles.lockedSave : undefined}
        isPending={isSaving}
      >
        Save
      </Button>
    </Tooltip>
  );
  const columns = [styles.columns, preview ? styles.stacked : '', waiting ? styles.waiting : '']
    .filter(Boolean)
    .join(' ');
  const editor = (
    <div className={columns} inert={waiting}>
      <div className={styles.settings} ref={settingsBox}>
        {settings}
      </div>
      <div className={styles.items}>{items}</div>
    </div>
  );
  const editorAndPreview = () => {
    if (!preview) return editor;
    if (narrow) return <NarrowTabs editor={editor} preview={preview} />;
    return (
      <div className={styles.withPreview}>
        {editor}
        {preview}
      </div>
    );
  };
  return (
    <div className={styles.frame}>
      <PageHeader
        title={title}
        subtitle={subtitle}
        actions={
          <>
            <GoBack href={backHref} />
            {/* Until the offer of earlier work is answered, nothing else takes input: none is lost. */}
            <span className={styles.headerActions} inert={waiting}>
              {actions}
            </span>
            {save}
          </>
        }
      />
      {draftOffered && actor ? <DraftOffer savedAt={draftOffered.savedAt} onAnswer={answerOffer} /> : null}
      {summary}
      {editorAndPreview()}
      <LeavePrompt when={isDirty && !isSaving} />
      {children}
    </div>
  );
}
