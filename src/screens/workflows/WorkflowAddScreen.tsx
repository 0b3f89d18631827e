import { useLocation } from 'wouter';
import { workflowFields } from '@/api/contract/workflows';
import { api } from '@/api/endpoints';
import { pathTo } from '@/shared/paths';
import { useSaveForm } from '@/ui/forms/useSaveForm';
import { PageHeader } from '@/ui/PageHeader';
import { toast } from '@/ui/toasts';
import { useLoad } from '@/ui/useLoad';
import { loadWorkflowChoices, WorkflowForm } from './WorkflowForm';

/** /workflows/add: a new review workflow. */
export default function WorkflowAddScreen() {
  const [, navigate] = useLocation();
  const choices = useLoad(loadWorkflowChoices, 'workflow-choices');
  const flow = useSaveForm({
    id: 'workflow-add',
    schema: workflowFields,
    save: (values) => api.workflows.create({ body: values }),
    onSaved: () => {
      toast.success('You have added a new workflow.');
      navigate(pathTo('workflows.index'));
    },
  });
  return (
    <>
      <PageHeader title="Workflows" subtitle="Add a workflow" />
      <WorkflowForm
        flow={flow}
        choices={choices.status === 'ready' ? choices.data : null}
        stages={[]}
        pages={[]}
        brandIds={[]}
      />
    </>
  );
}
