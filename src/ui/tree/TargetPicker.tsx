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
}

interface Level {
  options: TargetOption[];
  chosen: number | null;
}

const TOP = 0;

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
}: TargetPickerProps) {
  const [levels, setLevels] = useState<Level[]>([]);
  const [failed, setFailed] = useState<string | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the first level loads once, when the picker opens.
  useEffect(() => {
    let live = true;
    loadLevel(null).then(
      (options) => live && setLevels([{ options, chosen: null }]),
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
    const chosen = [...kept].reverse().find((level) => level.chosen !== null)?.chosen ?? null;
    onChange(chosen);
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
