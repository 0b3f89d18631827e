import { useEffect, useRef } from 'react';
import type { PageSummary } from '@/api/contract/pages';
import type { PageTreeActor } from '@/machines/pageTree';
import { useMayCall } from '@/machines/session';
import { OTHERS_BELOW } from '@/shared/access';
import { pathTo } from '@/shared/paths';
import { ActionSlot } from '@/ui/ActionSlot';
import { focusIsLost } from '@/ui/focus/whenFocusIsLost';
import { IconButton } from '@/ui/IconButton';
import { IconLink } from '@/ui/IconLink';

export const HAS_CHILDREN_TOOLTIP = 'You cannot delete as you have child pages.';

export const childrenHref = (id: number) => pathTo('pages.children', { id });
export const editHref = (id: number) => pathTo('pages.edit', { id });
export const addChildHref = (id: number) => pathTo('pages.addChild', { id });
/** A new page at the top of the tree: the builder's add route without a parent. */
export const ADD_PAGE_HREF = pathTo('pages.add');

export const hasChildrenToShow = (page: PageSummary) =>
  page.is_allowed_children === 1 && page.total_children > 0;

export interface PageRowActionsProps {
  page: PageSummary;
  actor: PageTreeActor;
  /** While the list is busy, actions wait (the machine would ignore them). */
  isBusy: boolean;
  /** The keyboard way to reorder: opens 'Move to position'. */
  onPosition?: (page: PageSummary) => void;
  /**
   * This row was just moved with 'Move to position': once the list is idle again, focus, lost while
   * the button was disabled and its row moved, goes back to it in its new place.
   */
  refocusPosition?: boolean;
}

/**
 * The row actions of spec §2 Pages; locked pages get no move or delete, and an action whose call the
 * user's role may not make is not there. A page with other brands' pages below it, which the user
 * cannot see, has its Toggle Published, Move and Delete disabled with the server's reason. An action a row lacks leaves its place empty, so each
 * action stands at the same x in every row.
 */
export function PageRowActions({ page, actor, isBusy, onPosition, refocusPosition }: PageRowActionsProps) {
  const may = useMayCall();
  const locked = page.locked === 1;
  // Pages of other brands below: the server refuses its publishing, moving and deleting (decision 042).
  const othersBelow = page.others_below === true ? OTHERS_BELOW : undefined;
  const position = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    // Only focus that fell to the page: focus the user has put somewhere else stays there.
    if (refocusPosition && !isBusy && focusIsLost()) position.current?.focus();
  }, [refocusPosition, isBusy]);
  return (
    <>
      {may('pages.publishable') ? (
        <IconButton
          icon="globe"
          label={`Toggle Published: ${page.name}`}
          tooltip="Toggle Published"
          isDisabled={isBusy || othersBelow !== undefined}
          disabledReason={othersBelow}
          onPress={() => actor.send({ type: 'publish.ask', id: page.id })}
        />
      ) : (
        <ActionSlot />
      )}
      {locked || !may('pages.move') ? (
        <ActionSlot />
      ) : (
        <IconButton
          icon="move"
          label={`Move Page: ${page.name}`}
          tooltip="Move Page"
          isDisabled={isBusy || othersBelow !== undefined}
          disabledReason={othersBelow}
          onPress={() => actor.send({ type: 'move.open', id: page.id })}
        />
      )}
      {may('pages.duplicate') ? (
        <IconButton
          icon="copy"
          label={`Duplicate Page: ${page.name}`}
          tooltip="Duplicate Page"
          isDisabled={isBusy}
          onPress={() => actor.send({ type: 'duplicate.open', id: page.id })}
        />
      ) : (
        <ActionSlot />
      )}
      {onPosition && !locked && may('pages.sort') ? (
        <IconButton
          ref={position}
          icon="drag"
          label={`Move to position: ${page.name}`}
          tooltip="Move to position"
          isDisabled={isBusy}
          onPress={() => onPosition(page)}
        />
      ) : onPosition ? (
        <ActionSlot />
      ) : null}
      {hasChildrenToShow(page) ? (
        <IconLink icon="tree" label={`View Children: ${page.name}`} href={childrenHref(page.id)} />
      ) : (
        <ActionSlot />
      )}
      <IconLink icon="edit" label={`Edit Page: ${page.name}`} href={editHref(page.id)} />
      {page.is_allowed_children && may('pages.store') ? (
        <IconLink icon="plus" label={`Add Child: ${page.name}`} href={addChildHref(page.id)} />
      ) : (
        <ActionSlot />
      )}
      {locked || !may('pages.delete') ? (
        <ActionSlot />
      ) : (
        <IconButton
          icon="trash"
          variant="danger"
          label={`Delete: ${page.name}`}
          tooltip="Delete"
          isDisabled={isBusy || page.total_children > 0 || othersBelow !== undefined}
          disabledReason={othersBelow ?? (page.total_children > 0 ? HAS_CHILDREN_TOOLTIP : undefined)}
          onPress={() => actor.send({ type: 'delete.ask', id: page.id })}
        />
      )}
    </>
  );
}
