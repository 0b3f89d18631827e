import { useSelector } from '@xstate/react';
import { IconButton } from '@/ui/IconButton';
import type { BuilderActor } from './useBuilderActor';

/** How the shortcuts read on this computer: ⌘ on Apple's, Ctrl elsewhere. */
function shortcutKeys(): { undo: string; redo: string } {
  const apple = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
  return apple ? { undo: '⌘Z', redo: '⇧⌘Z' } : { undo: 'Ctrl+Z', redo: 'Ctrl+Shift+Z' };
}

/**
 * Undo and Redo as buttons, for those who do not know the shortcuts (named in their tooltips).
 * With nothing to undo or redo (or a block open) they stay focusable but do nothing, and say why, so
 * focus stays put when the last change has been undone.
 */
export function UndoRedo({ actor }: { actor: BuilderActor }) {
  const canUndo = useSelector(actor, (s) => s.can({ type: 'history.undo' }));
  const canRedo = useSelector(actor, (s) => s.can({ type: 'history.redo' }));
  const keys = shortcutKeys();
  return (
    <>
      <IconButton
        icon="undo"
        label="Undo"
        tooltip={`Undo (${keys.undo})`}
        variant="secondary"
        isDisabled={!canUndo}
        disabledReason="Nothing to undo."
        onPress={() => actor.send({ type: 'history.undo' })}
      />
      <IconButton
        icon="redo"
        label="Redo"
        tooltip={`Redo (${keys.redo})`}
        variant="secondary"
        isDisabled={!canRedo}
        disabledReason="Nothing to redo."
        onPress={() => actor.send({ type: 'history.redo' })}
      />
    </>
  );
}
