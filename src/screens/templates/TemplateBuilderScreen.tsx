import { useState } from 'react';
import { useLocation, useParams } from 'wouter';
import { templateFields } from '@/api/contract/templates';
import { api } from '@/api/endpoints';
import { BuilderFrame } from '@/blocks/builder/BuilderFrame';
import { type BuilderOptions, loadBuilderOptions, offeredBlocks } from '@/blocks/builder/builderOptions';
import { ConflictDialog } from '@/blocks/builder/ConflictDialog';
import { ItemsPanel } from '@/blocks/builder/ItemsPanel';
import { withoutDataPrefix } from '@/blocks/builder/itemKeys';
import { metaFor, requiredMarkers } from '@/blocks/builder/settingsValues';
import { useEditing, useFieldErrors, useName, useSaving } from '@/blocks/builder/useBuilderActor';
import { type BuilderStart, useRecordBuilder } from '@/blocks/builder/useRecordBuilder';
import { draftKey } from '@/blocks/drafts';
import type { BuilderDraft } from '@/machines/builder';
import { Field } from '@/ui/Field';
import { NotFound } from '@/ui/NotFound';
import { SkeletonLines } from '@/ui/SkeletonLines';
import { toast } from '@/ui/toasts';
import { useLoad } from '@/ui/useLoad';

const REQUIRED = requiredMarkers(templateFields, []);

const YES_NO = [
  { id: 0, name: 'No' },
  { id: 1, name: 'Yes' },
];

interface TemplateValues {
  locked: 0 | 1;
  lock_pages: 0 | 1;
  is_allowed_children: 0 | 1;
}

interface Loaded {
  options: BuilderOptions;
  start: BuilderStart<TemplateValues>;
}

async function loadTemplate(id: number | null): Promise<Loaded> {
  const optionsLoad = loadBuilderOptions();
  const record = id === null ? null : (await api.templates.edit({ query: { id } })).data;
  const { failures, ...options } = await optionsLoad;
  for (const message of failures) toast.error(message);
  if (!record) {
    return {
      options,
      start: {
        id: null,
        updatedAt: undefined,
        name: '',
        slug: '',
        items: [],
        values: { locked: 0, lock_pages: 0, is_allowed_children: 0 },
        locked: false,
      },
    };
  }
  return {
    options,
    start: {
      id: record.id,
      updatedAt: record.updated_at,
      name: record.name,
      slug: '',
      items: record.items,
      values: {
        locked: record.locked,
        lock_pages: record.lock_pages,
        is_allowed_children: record.is_allowed_children,
      },
      locked: record.locked === 1,
    },
  };
}

/** A template's blocks are the ones a child page starts with, with the values they start with. */
const body = (values: TemplateValues, draft: BuilderDraft) => ({
  ...values,
  name: draft.name,
  items: [...draft.items],
});

/** /templates/add and /templates/edit/{id}: one builder serves both (spec §2 Templates). */
export default function TemplateBuilderScreen() {
  const { id } = useParams<{ id?: string }>();
  const [round, setRound] = useState(0);
  const numeric = id === undefined ? null : Number(id);
  const loaded = useLoad(() => loadTemplate(numeric), `${id}:${round}`);
  if (loaded.status === 'loading') return <SkeletonLines lines={8} label="Loading the template" />;
  if (loaded.status === 'failed') {
    return (
      <NotFound
        message="The template you are trying to locate clearly doesn’t exist..."
        action={{ label: 'View all templates', href: '/templates' }}
      />
    );
  }
  return <TemplateBuilder key={round} {...loaded.data} reload={() => setRound((n) => n + 1)} />;
}

function TemplateBuilder({ options, start, reload }: Loaded & { reload: () => void }) {
  const [, navigate] = useLocation();
  const builder = useRecordBuilder(start, {
    slugOf: async () => ({ slug: '' }),
    store: (values, draft) => api.templates.store({ body: { data: body(values, draft) } }),
    update: (id, values, draft, updatedAt) =>
      api.templates.update({ body: { id, data: body(values, draft), updated_at: updatedAt } }),
    updatedAt: async (id) => (await api.templates.edit({ query: { id } })).data.updated_at,
    messages: { added: 'Successfully added template!', updated: 'Successfully updated template!' },
    afterAdd: () => navigate('/templates'),
    draftKey: draftKey('templates', start.id !== null ? 'edit' : 'add', start.id ?? undefined),
  });
  const { actor, values, change } = builder;
  const name = useName(actor);
  const isEditing = useEditing(actor) !== null;
  const isSaving = useSaving(actor);
  const meta = metaFor(REQUIRED, withoutDataPrefix(useFieldErrors(actor)));
  const [offered] = useState(() => offeredBlocks(options.catalogue, false));

  return (
    <BuilderFrame
      title={start.id !== null ? 'Edit Template' : 'Add Template'}
      subtitle={start.id !== null ? start.name : undefined}
      backHref="/templates"
      isEditing={isEditing}
      isSaving={isSaving}
      isDirty={builder.isDirty}
      draftOffered={builder.draftOffered}
      actor={actor}
      onSave={builder.save}
      settings={
        <>
          <Field
            field={meta('name')}
            label="Name"
            value={name}
            onChange={(next) => actor.send({ type: 'name.change', name: next })}
            maxLength={255}
          />
          {start.locked ? null : (
            <Field
              kind="select"
              field={meta('locked')}
              label="Locked"
              items={YES_NO}
              selectedKey={values.locked}
              onSelectionChange={(key) => change({ locked: key === 1 ? 1 : 0 })}
            />
          )}
          <Field
            kind="select"
            field={meta('lock_pages')}
            label="Lock pages made from it"
            items={YES_NO}
            selectedKey={values.lock_pages}
            onSelectionChange={(key) => change({ lock_pages: key === 1 ? 1 : 0 })}
          />
          <Field
            kind="select"
            field={meta('is_allowed_children')}
            label="Pages made from it may hold children"
            items={YES_NO}
            selectedKey={values.is_allowed_children}
            onSelectionChange={(key) => change({ is_allowed_children: key === 1 ? 1 : 0 })}
          />
        </>
      }
      items={
        <ItemsPanel
          actor={actor}
          catalogue={options.catalogue}
          offered={offered}
          locked={start.locked}
          pasteTarget="template"
          lockedNote="This template is locked: its blocks cannot be added, moved or removed. Please contact an administrator for structural changes."
        />
      }
    >
      <ConflictDialog
        isOpen={builder.conflictOpen}
        mine={builder.mine}
        onKeepMine={builder.keepMine}
        onTakeTheirs={() => builder.takeTheirs(reload)}
        onClose={builder.closeConflict}
      />
    </BuilderFrame>
  );
}
