import { useEffect, useState } from 'react';
import { describeFailure } from '@/machines/errors';
import { Select } from '../Select';
import styles from './TargetPicker.module.css';

/** One page a picker level offers (pages/list). */
export interface TargetOption {
  id: number;
  name: string;
  total_children: number;
  is_allowed_children: 0 | 1;
}

export interface TargetPickerProps {
  /** One level of the tree: the top level for null, else a page's children. */
  loadLevel: (parent: number | null) => Promise<TargetOption[]>;
  /** The page being moved: it and what lies below it cannot be chosen. */
  excludeId?: number;
  /** The chosen target: the last level chosen, or null (the top level) when none is. */
  onChange: (target: number | null) => void;
  errorMessage?: string;
  /** Whether the top of the tree may be chosen: not for a user scoped to brands, whose pages sit lower. */
  topLevel?: boolean;
  /**
   * Where to start when the top level is not offered (it cannot be the choice): the way down to
   * the page to choose, top first (the page's own parent), taken when every step is offered and the
   * last takes children.
   */
  initialPath?: () => Promise<number[]>;
  /** Without a usable `initialPath`, choose the first page that takes children rather than none. */
  firstAllowed?: boolean;
  /** Focus the Parent picker once it shows (a dialog opened on it). */
  autoFocus?: boolean;
}

interface Level {
  options: TargetOption[];
  chosen: number | null;
}

const TOP = 0;

const usable = (option: TargetOption | undefined, excludeId: number | undefined) =>
  option !== undefined && option.id !== excludeId && option.is_allowed_children === 1;

/**
 * The levels opened down `path` (each step chosen), or null when a step is not offered or the last
 * does not take children.
 */
async function openPath(
  top: TargetOption[],
  path: number[],
  loadLevel: TargetPickerProps['loadLevel'],
  excludeId: number | undefined,
): Promise<Level[] | null> {
  if (path.length === 0) return null;
  const levels: Level[] = [{ options: top, chosen: null }];
  for (const [depth, id] of path.entries()) {
    const level = levels[depth];
    const option = level?.options.find((o) => o.id === id);
    if (!level || !option || option.id === excludeId) return null;
    level.chosen = id;
    if (depth === path.length - 1 && !usable(option, excludeId)) return null;
    if (option.total_children > 0) levels.push({ options: await loadLevel(id), chosen: null });
  }
  return levels;
}

/** The first levels to show: the top level, and for a scoped user the way to their first choice. */
async function firstLevels(
  props: Pick<TargetPickerProps, 'loadLevel' | 'excludeId' | 'topLevel' | 'initialPath' | 'firstAllowed'>,
): Promise<Level[]> {
  const { loadLevel, excludeId, topLevel = true, initialPath, firstAllowed } = props;
  const top = await loadLevel(null);
  if (topLevel) return [{ options: top, chosen: null }];
  const path = initialPath ? await initialPath().catch((): number[] => []) : [];
  const opened = await openPath(top, path, loadLevel, excludeId);
  if (opened) return opened;
  const first = firstAllowed ? top.find((o) => usable(o, excludeId)) : undefined;
  if (!first) return [{ options: top, chosen: null }];
  return (await openPath(top, [first.id], loadLevel, excludeId)) ?? [{ options: top, chosen: null }];
}

const chosenOf = (levels: Level[]) =>
  [...levels].reverse().find((level) => level.chosen !== null)?.chosen ?? null;

/**
 * Choose a parent, then a child of it, and so on (spec §4 Move page): each choice with children
 * opens a select of them. The target is the last level chosen, or the parent when none is.
 */
export function TargetPicker({
  loadLevel,
  excludeId,
  onChange,
  errorMessage,
  topLevel = true,
  initialPath,
  firstAllowed,
  autoFocus,
}: TargetPickerProps) {
  const [levels, setLevels] = useState<Level[]>([]);
  const [failed, setFailed] = useState<string | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the first level loads once, when the picker opens.
  useEffect(() => {
    let live = true;
    firstLevels({ loadLevel, excludeId, topLevel, initialPath, firstAllowed }).then(
      (first) => {
        if (!live) return;
        setLevels(first);
        const chosen = chosenOf(first);
        if (chosen !== null) onChange(chosen);
      },
      (error: unknown) => live && setFailed(describeFailure(error).message),
    );
    return () => {
      live = false;
    };
  }, []);

  const choose = async (depth: number, id: number | null) => {
    const kept = levels
      .slice(0, depth + 1)
      .map((level, i) => (i === depth ? { ...level, chosen: id } : level));
    setLevels(kept);
    onChange(chosenOf(kept));
    const option = kept[depth]?.options.find((o) => o.id === id);
    if (id === null || !option || option.total_children === 0) return;
    try {
      const children = await loadLevel(id);
      setLevels((now) =>
        now.length === depth + 1 && now[depth]?.chosen === id
          ? [...now, { options: children, chosen: null }]
          : now,
      );
    } catch (error) {
      setFailed(describeFailure(error).message);
    }
  };

  return (
    <div className={styles.picker}>
      {levels.map((level, depth) => (
        <Select<number>
          // biome-ignore lint/suspicious/noArrayIndexKey: a level is its depth
          key={depth}
          label={depth === 0 ? 'Parent' : `Child page (level ${depth})`}
          autoFocus={autoFocus && depth === 0}
          placeholder={depth === 0 ? 'Choose a parent' : 'None: keep the level above'}
          items={[
            ...(depth > 0 || topLevel
              ? [{ id: TOP, name: depth === 0 ? 'Top level (no parent)' : 'None' }]
              : []),
            ...level.options.map((o) => ({
              id: o.id,
              name: o.name,
              isDisabled: o.id === excludeId || !o.is_allowed_children,
            })),
          ]}
          selectedKey={level.chosen ?? (depth === 0 && levels.length > 1 ? TOP : null)}
          onSelectionChange={(key) => {
            void choose(depth, key === TOP ? null : key);
          }}
          errorMessage={depth === levels.length - 1 ? (errorMessage ?? undefined) : undefined}
        />
      ))}
      {failed ? <p role="alert">{failed}</p> : null}
    </div>
  );
}
