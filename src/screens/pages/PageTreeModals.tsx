import { useState } from 'react';
import type { SnapshotFrom } from 'xstate';
import { api } from '@/api/endpoints';
import type { PageTreeActor, pageTreeMachine } from '@/machines/pageTree';
import { useGroupWide } from '@/machines/session';
import { Button } from '@/ui/Button';
import { Field } from '@/ui/Field';
import { stateFieldMeta } from '@/ui/formProps';
import { Modal } from '@/ui/Modal';
import { type TargetOption, TargetPicker } from '@/ui/tree/TargetPicker';
import styles from './pages.module.css';

type Snapshot = SnapshotFrom<typeof pageTreeMachine>;

const loadLevel = async (parent: number | null): Promise<TargetOption[]> =>
  (await api.pages.options({ query: parent === null ? {} : { default: parent } })).data;

/** The way down to a page's parent, top first, as the user's scope shows it (for the pickers' first choice). */
const wayToParent = (id: number | undefined) => async (): Promise<number[]> =>
  id === undefined ? [] : (await api.pages.show({ query: { id } })).ancestors.map((crumb) => crumb.id);

function nameOf(snapshot: Snapshot): string {
  const id = snapshot.context.target?.id;
  return snapshot.context.data?.rows.find((row) => row.id === id)?.name ?? '';
}

/** Move Page (spec §4): the cascading target picker; Escape or a click outside closes it. */
export function MovePageModal({ actor, snapshot }: { actor: PageTreeActor; snapshot: Snapshot }) {
  const open = snapshot.matches({ ready: 'moving' }) || snapshot.matches({ ready: 'savingMove' });
  const saving = snapshot.matches({ ready: 'savingMove' });
  const [target, setTarget] = useState<number | null>(null);
  // The top level of the tree is the group's: a user scoped to brands moves within their pages.
  const groupWide = useGroupWide();
  const close = () => actor.send({ type: 'modal.close' });
  return (
    <Modal
      isOpen={open}
      onClose={close}
      title={`Move ${nameOf(snapshot)}`}
      isDismissable={!saving}
      footer={
        <>
          <Button onPress={close} isDisabled={saving}>
            Cancel
          </Button>
          <Button
            variant="primary"
            isPending={saving}
            onPress={() => actor.send({ type: 'move.submit', parent: target })}
          >
            Move Page
          </Button>
        </>
      }
    >
      {open ? (
        <TargetPicker
          loadLevel={loadLevel}
          excludeId={snapshot.context.target?.id}
          onChange={setTarget}
          topLevel={groupWide}
          initialPath={wayToParent(snapshot.context.target?.id)}
          autoFocus
          errorMessage={snapshot.context.fieldErrors.parent ?? snapshot.context.error ?? undefined}
        />
      ) : null}
    </Modal>
  );
}

/** Duplicate Page (spec §3, §4): the same picker plus name, children (on) and publish_children (off). */
export function DuplicatePageModal({ actor, snapshot }: { actor: PageTreeActor; snapshot: Snapshot }) {
  const open = snapshot.matches({ ready: 'duplicating' }) || snapshot.matches({ ready: 'savingDuplicate' });
  const saving = snapshot.matches({ ready: 'savingDuplicate' });
  const [target, setTarget] = useState<number | null>(null);
  const [name, setName] = useState(() => (nameOf(snapshot) ? `${nameOf(snapshot)} copy` : ''));
  const [children, setChildren] = useState(true);
  const [publishChildren, setPublishChildren] = useState(false);
  const groupWide = useGroupWide();
  const close = () => actor.send({ type: 'modal.close' });
  const errors = snapshot.context.fieldErrors;
  return (
    <Modal
      isOpen={open}
      onClose={close}
      title={`Duplicate ${nameOf(snapshot)}`}
      isDismissable={!saving}
      footer={
        <>
          <Button onPress={close} isDisabled={saving}>
            Cancel
          </Button>
          <Button
            variant="primary"
            isPending={saving}
            onPress={() =>
              actor.send({
                type: 'duplicate.submit',
                parent: target,
                fields: { name, children, publish_children: publishChildren },
              })
            }
          >
            Duplicate Page
          </Button>
        </>
      }
    >
      {open ? (
        <div className={styles.form}>
          <TargetPicker
            loadLevel={loadLevel}
            onChange={setTarget}
            errorMessage={errors.parent}
            topLevel={groupWide}
            initialPath={wayToParent(snapshot.context.target?.id)}
            firstAllowed
          />
          <Field
            field={stateFieldMeta('name', errors['fields.name'], { required: true })}
            label="Name"
            value={name}
            onChange={setName}
          />
          <Field
            kind="checkbox"
            field={stateFieldMeta('children')}
            isSelected={children}
            onChange={setChildren}
          >
            Children
          </Field>
          <Field
            kind="checkbox"
            field={stateFieldMeta('publish_children')}
            isSelected={publishChildren}
            onChange={setPublishChildren}
          >
            Publish children
          </Field>
          {snapshot.context.error && Object.keys(errors).length === 0 ? (
            <p role="alert">{snapshot.context.error}</p>
          ) : null}
        </div>
      ) : null}
    </Modal>
  );
}

/** The keyboard way to reorder a long list: type the place a page should take. */
export function PositionModal({
  page,
  total,
  onClose,
  onMove,
}: {
  page: { id: number; name: string } | null;
  total: number;
  onClose: () => void;
  onMove: (index: number) => void;
}) {
  const [value, setValue] = useState('');
  const index = Number(value);
  const valid = Number.isInteger(index) && index >= 1 && index <= total;
  const submit = () => {
    if (!valid) return;
    onMove(index);
    setValue('');
  };
  return (
    <Modal
      isOpen={page !== null}
      onClose={onClose}
      title={`Move ${page?.name ?? ''} to position`}
      footer={
        <>
          <Button onPress={onClose}>Cancel</Button>
          <Button variant="primary" isDisabled={!valid} onPress={submit}>
            Move
          </Button>
        </>
      }
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Field
          field={stateFieldMeta(
            'position',
            value && !valid ? `Enter a number from 1 to ${total}.` : undefined,
          )}
          label={`Position (1 to ${total})`}
          inputMode="numeric"
          autoFocus
          value={value}
          onChange={setValue}
        />
      </form>
    </Modal>
  );
}
