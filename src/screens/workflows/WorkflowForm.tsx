import { useEffect, useRef, useState } from 'react';
import type { Option } from '@/api/contract/common';
import type { workflowFields } from '@/api/contract/workflows';
import { api } from '@/api/endpoints';
import { pathTo } from '@/shared/paths';
import { Button } from '@/ui/Button';
import { Checkbox } from '@/ui/Checkbox';
import { Field } from '@/ui/Field';
import { focusFirstInvalid } from '@/ui/focus/firstInvalid';
import { SaveFormFrame } from '@/ui/forms/SaveFormFrame';
import type { SaveForm } from '@/ui/forms/useSaveForm';
import { TextField } from '@/ui/TextField';
import styles from './Workflows.module.css';

/** One stage as the form holds it. */
export interface StageDraft {
  name: string;
  role_ids: number[];
  user_ids: number[];
  due_hours: string;
  /** Whether a reviewer without an account may approve it from a share-preview link. */
  external: boolean;
}

export const BLANK_STAGE: StageDraft = {
  name: '',
  role_ids: [],
  user_ids: [],
  due_hours: '',
  external: false,
};

/** What a ticked box of the form posts. */
const TICKED = '1';

/**
 * The workflow's values as its form posts them, for the form's first values: leaving the form as
 * it opened then loses nothing, and a change anywhere in it (a stage, a page, a brand) is a change.
 */
export function postedWorkflow(
  name: string,
  stages: StageDraft[],
  applies: { pages: Option[]; brandIds: number[]; forms: boolean },
) {
  const ticked = (on: boolean) => (on ? TICKED : '');
  return {
    name,
    applies_to: {
      page_ids: applies.pages.map((page) => page.id),
      brand_ids: applies.brandIds,
      forms: ticked(applies.forms),
    },
    stages: stages.map((stage) => ({ ...stage, external: ticked(stage.external) })),
  };
}

export interface WorkflowChoices {
  roles: Option[];
  users: Option[];
  brands: Option[];
}

interface WorkflowFormProps {
  flow: SaveForm<typeof workflowFields>;
  /** The roles, users and brands to choose from; null while they load. */
  choices: WorkflowChoices | null;
  stages: StageDraft[];
  /** The subtree roots it applies to now, with their names. */
  pages: Option[];
  brandIds: number[];
  /** Whether it governs every form. */
  forms?: boolean;
  refusedReason?: string | null;
}

/**
 * The workflow form (issue #28): its name, what it applies to (subtrees of the page tree by their
 * top page, brands' pages) and its ordered stages, each with the roles and users who may approve
 * it and how long a page may wait in it.
 */
export function WorkflowForm({
  flow,
  choices,
  stages: initial,
  pages: initialPages,
  brandIds,
  forms: formsAtStart = false,
  refusedReason,
}: WorkflowFormProps) {
  const { form, fields } = flow;
  const [stages, setStages] = useState<StageDraft[]>(initial.length ? initial : [BLANK_STAGE]);
  const [pages, setPages] = useState<Option[]>(initialPages);
  const [brands, setBrands] = useState<number[]>(brandIds);
  const [forms, setForms] = useState(formsAtStart);
  const [search, setSearch] = useState('');
  const [hits, setHits] = useState<Option[]>([]);
  const formRef = useRef<HTMLFormElement>(null);
  /** Set by a save; the errors it brings (the browser's or the server's) take focus to the first. */
  const showErrors = useRef(false);
  const [saves, setSaves] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on a save and when its errors arrive.
  useEffect(() => {
    if (!showErrors.current || Object.keys(form.allErrors).length === 0) return;
    showErrors.current = false;
    focusFirstInvalid(formRef.current);
  }, [saves, form.allErrors]);
  const errorsOf = (prefix: string) =>
    Object.entries(form.allErrors)
      .filter(([key]) => key === prefix || key.startsWith(`${prefix}[`) || key.startsWith(`${prefix}.`))
      .flatMap(([, messages]) => messages);
  const touched = (name: string) => flow.onChange(name);
  const setStage = (i: number, patch: Partial<StageDraft>) => {
    setStages((now) => now.map((stage, at) => (at === i ? { ...stage, ...patch } : stage)));
    touched(`stages[${i}]`);
  };
  const moveStage = (i: number, by: -1 | 1) => {
    setStages((now) => {
      const next = [...now];
      const [stage] = next.splice(i, 1);
      next.splice(i + by, 0, stage!);
      return next;
    });
    touched('stages');
  };
  const find = async () => {
    const text = search.trim();
    if (!text) return setHits([]);
    const answer = await api.pages.search({ query: { search: text } });
    setHits(
      answer.data.map((page) => ({
        id: page.id,
        name: [...page.path.map((c) => c.name), page.name].join(' / '),
      })),
    );
  };
  const toggle = (list: number[], id: number, on: boolean) =>
    on ? [...list, id] : list.filter((x) => x !== id);
  return (
    <SaveFormFrame
      flow={flow}
      cancelHref={pathTo('workflows.index')}
      refusedReason={refusedReason}
      formRef={formRef}
      onBeforeSubmit={() => {
        showErrors.current = true;
        setSaves((n) => n + 1);
      }}
    >
      <Field
        field={fields.name}
        label="Name"
        autoComplete="off"
        description="Compliance review, Finance offers..."
      />
      <fieldset className={styles.group}>
        <legend>Applies to</legend>
        <input type="hidden" name="applies_to.page_ids" value="" />
        <input type="hidden" name="applies_to.brand_ids" value="" />
        <p className={styles.hint}>
          Pages under a chosen page, and the pages of a chosen brand. The most specific workflow wins: the
          nearest chosen page above a page, then its brand.
        </p>
        <ul className={styles.chosen} aria-label="Chosen pages">
          {pages.map((page) => (
            <li key={page.id}>
              <input type="hidden" name="applies_to.page_ids" value={String(page.id)} />
              {page.name}{' '}
              <Button
                size="sm"
                onPress={() => {
                  setPages((now) => now.filter((p) => p.id !== page.id));
                  touched('applies_to.page_ids');
                }}
              >
                Remove {page.name}
              </Button>
            </li>
          ))}
        </ul>
        <div className={styles.search}>
          <TextField label="Find a page" value={search} onChange={setSearch} />
          <Button onPress={find}>Find</Button>
        </div>
        {hits.length ? (
          <ul className={styles.hits} aria-label="Pages found">
            {hits.map((hit) => (
              <li key={hit.id}>
                {hit.name}{' '}
                <Button
                  size="sm"
                  isDisabled={pages.some((p) => p.id === hit.id)}
                  onPress={() => {
                    setPages((now) => [...now, hit]);
                    touched('applies_to.page_ids');
                  }}
                >
                  Add {hit.name}
                </Button>
              </li>
            ))}
          </ul>
        ) : null}
        {errorsOf('applies_to.page_ids').map((message) => (
          <p key={message} className={styles.error}>
            {message}
          </p>
        ))}
        <fieldset className={styles.group}>
          <legend>Brands</legend>
          {(choices?.brands ?? []).map((brand) => (
            <Checkbox
              key={brand.id}
              name="applies_to.brand_ids"
              value={String(brand.id)}
              isSelected={brands.includes(brand.id)}
              onChange={(on) => {
                setBrands((now) => toggle(now, brand.id, on));
                touched('applies_to.brand_ids');
              }}
            >
              {brand.name}
            </Checkbox>
          ))}
        </fieldset>
        <Checkbox
          name="applies_to.forms"
          value={TICKED}
          isSelected={forms}
          onChange={(on) => {
            setForms(on);
            touched('applies_to.forms');
          }}
          description="Every form then goes on the website only as approved."
        >
          Forms
        </Checkbox>
      </fieldset>
      <fieldset className={styles.group}>
        <legend>Stages</legend>
        {errorsOf('stages')
          .filter((m) => m === 'Add at least one stage.')
          .map((message) => (
            <p key={message} className={styles.error}>
              {message}
            </p>
          ))}
        <ol className={styles.stages}>
          {stages.map((stage, i) => {
            const at = `stages[${i}]`;
            const approverErrors = [...errorsOf(`${at}.role_ids`), ...errorsOf(`${at}.user_ids`)];
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: a stage is its place in the order.
              <li key={i} className={styles.stage}>
                <TextField
                  label={`Stage ${i + 1} name`}
                  name={`${at}.name`}
                  value={stage.name}
                  onChange={(name) => setStage(i, { name })}
                  errorMessage={errorsOf(`${at}.name`)}
                />
                <input type="hidden" name={`${at}.role_ids`} value="" />
                <input type="hidden" name={`${at}.user_ids`} value="" />
                <fieldset className={styles.group}>
                  <legend>Roles who approve it</legend>
                  {(choices?.roles ?? []).map((role) => (
                    <Checkbox
                      key={role.id}
                      name={`${at}.role_ids`}
                      value={String(role.id)}
                      isSelected={stage.role_ids.includes(role.id)}
                      isInvalid={approverErrors.length > 0}
                      onChange={(on) => setStage(i, { role_ids: toggle(stage.role_ids, role.id, on) })}
                    >
                      {role.name}
                    </Checkbox>
                  ))}
                </fieldset>
                <fieldset className={styles.group}>
                  <legend>Users who approve it</legend>
                  {(choices?.users ?? []).map((user) => (
                    <Checkbox
                      key={user.id}
                      name={`${at}.user_ids`}
                      value={String(user.id)}
                      isSelected={stage.user_ids.includes(user.id)}
                      isInvalid={approverErrors.length > 0}
                      onChange={(on) => setStage(i, { user_ids: toggle(stage.user_ids, user.id, on) })}
                    >
                      {user.name}
                    </Checkbox>
                  ))}
                </fieldset>
                {approverErrors.map((message) => (
                  <p key={message} className={styles.error}>
                    {message}
                  </p>
                ))}
                <TextField
                  label={`Stage ${i + 1} due within (hours)`}
                  name={`${at}.due_hours`}
                  inputMode="numeric"
                  value={stage.due_hours}
                  onChange={(due_hours) => setStage(i, { due_hours })}
                  description="Optional: a page waiting longer is overdue."
                  errorMessage={errorsOf(`${at}.due_hours`)}
                />
                <Checkbox
                  name={`${at}.external`}
                  value={TICKED}
                  isSelected={stage.external}
                  onChange={(external) => setStage(i, { external })}
                  description="From the page's Share preview, a link naming the reviewer's e-mail lets them approve or request changes without signing in."
                >
                  {`Stage ${i + 1}: reviewers without an account may approve`}
                </Checkbox>
                <div className={styles.stageActions}>
                  <Button size="sm" isDisabled={i === 0} onPress={() => moveStage(i, -1)}>
                    Move stage {i + 1} up
                  </Button>
                  <Button size="sm" isDisabled={i === stages.length - 1} onPress={() => moveStage(i, 1)}>
                    Move stage {i + 1} down
                  </Button>
                  <Button
                    size="sm"
                    variant="danger"
                    isDisabled={stages.length === 1}
                    onPress={() => {
                      setStages((now) => now.filter((_, at) => at !== i));
                      touched('stages');
                    }}
                  >
                    Remove stage {i + 1}
                  </Button>
                </div>
              </li>
            );
          })}
        </ol>
        <Button
          icon="plus"
          onPress={() => {
            setStages((now) => [...now, BLANK_STAGE]);
            touched('stages');
          }}
        >
          Add stage
        </Button>
      </fieldset>
    </SaveFormFrame>
  );
}

/** The roles, users and brands a workflow's form offers. */
export async function loadWorkflowChoices(): Promise<WorkflowChoices> {
  const [roles, users, brands] = await Promise.all([
    api.roles.options({}).then((r) => r.data),
    api.users
      .list({ query: { perPage: -1 } })
      .then((r) => r.users.data.map(({ id, name }) => ({ id, name }))),
    api.brands.options({}).then((r) => r.data.map(({ id, name }) => ({ id, name }))),
  ]);
  return { roles, users, brands };
}
