import { type ComponentType, lazy, Suspense, useEffect, useState } from 'react';
import { Button } from '../Button';
import { Modal } from '../Modal';
import { SkeletonLines } from '../SkeletonLines';
import type { HistoryPanelProps, HistoryProps } from './HistoryPanel';
import { REVISION_PARAM, revisionInAddress } from './revisionLink';

export type { HistoryProps, HistorySource, RevisionPage } from './HistoryPanel';

// The panel (the list, a comparison and its restore) loads with the first opening of the dialog.
// React.lazy drops the panel's type parameter: the button passes its own props through unchanged.
const HistoryPanel = lazy(() => import('./HistoryPanel')) as unknown as ComponentType<
  HistoryPanelProps<unknown>
>;

/**
 * The History button of an edit screen and its panel: the record's revisions newest first, a
 * comparison of any of them with the current version, and 'Restore this version', which loads it
 * into the editor as unsaved changes to review and save.
 */
export function HistoryButton<D>(props: HistoryProps<D>) {
  // A link to one revision (`?revision=12`, from the activity log) opens the panel on it, once.
  const [linked] = useState(revisionInAddress);
  const [isOpen, setOpen] = useState(linked !== null);
  useEffect(() => {
    if (linked === null) return;
    const url = new URL(window.location.href);
    url.searchParams.delete(REVISION_PARAM);
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  }, [linked]);
  return (
    <>
      <Button icon="restore" onPress={() => setOpen(true)}>
        History
      </Button>
      <Modal isOpen={isOpen} onClose={() => setOpen(false)} title="History" size="lg">
        <Suspense fallback={<SkeletonLines lines={5} label="Loading the history" />}>
          <HistoryPanel
            {...(props as HistoryProps<unknown>)}
            openRevision={linked}
            restore={(revision) => {
              setOpen(false);
              props.restore(revision as D);
            }}
          />
        </Suspense>
      </Modal>
    </>
  );
}
