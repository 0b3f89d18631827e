import { useState } from 'react';
import { useLocation, useParams } from 'wouter';
import type { Option } from '@/api/contract/common';
import { type Workflow, workflowFields } from '@/api/contract/workflows';
import { api } from '@/api/endpoints';
import { describeFailure } from '@/machines/errors';
import { useCallAllowed } from '@/machines/session';
import { pathTo } from '@/shared/paths';
import { Button } from '@/ui/Button';
import { Confirm } from '@/ui/Confirm';
import { EditRecord } from '@/ui/forms/EditRecord';
import { useSaveForm } from '@/ui/forms/useSaveForm';
import { PageHeader } from '@/ui/PageHeader';
import { toast } from '@/ui/toasts';
import { useLoad } from '@/ui/useLoad';
import { loadWorkflowChoices, postedWorkflow, type StageDraft, WorkflowForm } from './WorkflowForm';

/** A workflow with the names of the pages it applies to. */
async function loadWorkflow(
  id: number,
): Promise<{ workflow: Workflow; pages: Option[]; updated_at: string }> {
  const workflow = (await api.workflows.show({ params: { id } })).data;
  const pages = await Promise.all(
    workflow.applies_to.page_ids.map((pageId) =>
      api.pages
        .show({ query: { id: pageId } })
        .then((r) => ({ id: pageId, name: [...r.ancestors.map((a) => a.name), r.data.name].join(' / ') }))
        .catch(() => ({ id: pageId, name: `Page ${pageId}` })),
    ),
  );
  return { workflow, pages, updated_at: workflow.updated_at };
}

/** /workflows/edit/{id}: a workflow's form, and Delete. */
export default function WorkflowEditScreen() {
  const { id = '' } = useParams<{ id: string }>();
  return (
    <EditRecord
      id={id}
      load={() => loadWorkflow(Number(id))}
      one="workflow"
      many="workflows"
      listHref={pathTo('workflows.index')}
      nameOf={(loaded) => loaded.workflow.name}
    >
      {(loaded) => <EditWorkflow workflow={loaded.workflow} pages={loaded.pages} />}
    </EditRecord>
  );
}

function EditWorkflow({ workflow, pages }: { workflow: Workflow; pages: Option[] }) {
  const updateRefused = useCallAllowed('workflows.update').reason;
  const mayDelete = useCallAllowed('workflows.delete').allowed;
  const [, navigate] = useLocation();
  const choices = useLoad(loadWorkflowChoices, 'workflow-choices');
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const stages: StageDraft[] = workflow.stages.map((stage) => ({
    name: stage.name,
    role_ids: stage.role_ids,
    user_ids: stage.user_ids,
    due_hours: stage.due_hours === null ? '' : String(stage.due_hours),
    external: stage.external,
  }));
  const { brand_ids: brandIds, forms } = workflow.applies_to;
  const flow = useSaveForm({
    id: `workflow-edit-${workflow.id}`,
    schema: workflowFields,
    defaultValue: postedWorkflow(workflow.name, stages, { pages, brandIds, forms }),
    save: (values) => api.workflows.update({ params: { id: workflow.id }, body: values }),
    onSaved: () => {
      toast.success('The workflow has been updated.');
      navigate(pathTo('workflows.index'));
    },
  });
  const remove = async () => {
    setDeleting(true);
    try {
      const answer = await api.workflows.delete({ body: { ids: [workflow.id] } });
      toast.success(answer.message);
      navigate(pathTo('workflows.index'));
    } catch (error) {
      toast.error(describeFailure(error).message);
      setConfirmDelete(false);
      setDeleting(false);
    }
  };
  return (
    <>
      <PageHeader
        title="Workflows"
        subtitle={`Updating ${workflow.name}`}
        actions={
          mayDelete ? (
            <Button variant="danger" icon="trash" onPress={() => setConfirmDelete(true)}>
              Delete
            </Button>
          ) : null
        }
      />
      <WorkflowForm
        flow={flow}
        choices={choices.status === 'ready' ? choices.data : null}
        stages={stages}
        forms={forms}
        pages={pages}
        brandIds={brandIds}
        refusedReason={updateRefused}
      />
      <Confirm
        isOpen={confirmDelete}
        isPending={deleting}
        onConfirm={remove}
        onCancel={() => setConfirmDelete(false)}
        message="You are about to delete the workflow"
        items={[workflow.name]}
        note="Its pages then publish as they are saved; what the website shows stays until they are published again."
      />
    </>
  );
}
