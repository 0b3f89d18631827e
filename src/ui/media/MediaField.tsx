import { lazy, Suspense, useId, useState } from 'react';
import type { BlockMedia } from '@/api/contract/blocks';
import type { StoredFile } from '@/api/contract/common';
import { useCallAllowed } from '@/machines/session';
import { Button } from '../Button';
import { cx } from '../cx';
import fieldStyles from '../Field.module.css';
import fileStyles from '../FileField.module.css';
import { useReadOnlyFields } from '../forms/ReadOnlyFieldset';
import { focusAfterDialogs } from '../history/focusAfterDialogs';
import { IconButton } from '../IconButton';
import { TextField } from '../TextField';
import styles from './MediaField.module.css';
import { thumbnailAttributes } from './thumbnail';

// The library's dialog (its grid, search, folders and upload) loads with its first opening.
const MediaPicker = lazy(() => import('./MediaPicker').then((module) => ({ default: module.MediaPicker })));

import { cachedMedia, useMediaItems } from './mediaCache';

/** One image of a field: a library item (with the alt text it has here), or a file from before the library. */
export type MediaFieldEntry = BlockMedia | StoredFile;

const isMedia = (entry: MediaFieldEntry): entry is BlockMedia => 'media_id' in entry;
const keyOf = (entry: MediaFieldEntry) => (isMedia(entry) ? `m${entry.media_id}` : `f${entry.path}`);

export interface MediaFieldProps {
  label: string;
  value: readonly MediaFieldEntry[];
  onChange: (value: MediaFieldEntry[]) => void;
  /** How many images the field holds at most. */
  max: number;
  errorMessage?: string | undefined;
  /** Offer an alt text of the field's own beside each image (where the image is used). */
  altHere?: boolean;
  isDisabled?: boolean;
  /**
   * Images the field already holds as the record answered them (name and address): shown as they
   * are without reading the library, which a user without media view cannot.
   */
  known?: ReadonlyMap<number, { name: string; url: string }>;
}

/**
 * A field of library images: each picked image with its thumbnail, its name and, where it is used,
 * an alt text of its own (left empty, the item's own alt text is used); "Choose image" opens the
 * library (MediaPicker), and focus comes back to it afterwards.
 */
export function MediaField({
  label,
  value,
  onChange,
  max,
  errorMessage,
  altHere = true,
  isDisabled: disabledHere,
  known,
}: MediaFieldProps) {
  // Among fields for reading only its images show as they are, and none is chosen or removed.
  const isDisabled = useReadOnlyFields() || disabledHere;
  const id = useId();
  const [picking, setPicking] = useState(false);
  const [status, setStatus] = useState<string | null>(null);
  // Browsing the library needs media view in the user's scope; without it the field still shows
  // what it holds, and says why it cannot be changed.
  const browse = useCallAllowed('media.list');
  useMediaItems(
    browse.allowed
      ? value.flatMap((entry) => (isMedia(entry) && !known?.has(entry.media_id) ? [entry.media_id] : []))
      : [],
  );
  const room = max - value.length;
  const single = max === 1;
  const nameOf = (entry: MediaFieldEntry) => {
    if (!isMedia(entry)) return entry.name;
    const held = known?.get(entry.media_id);
    if (held) return held.name;
    const item = cachedMedia(entry.media_id);
    return item
      ? item.name
      : item === null
        ? `Image ${entry.media_id} (not available)`
        : `Image ${entry.media_id}`;
  };

  const remove = (index: number) => {
    const removed = value[index];
    const next = value.filter((_, i) => i !== index);
    onChange(next);
    if (removed) setStatus(`Removed ${nameOf(removed)}.`);
    // Focus never falls to the page: the next image's Remove button, or Choose.
    requestAnimationFrame(() => {
      const root = document.querySelector(`[data-media-field="${CSS.escape(id)}"]`);
      const buttons = root?.querySelectorAll<HTMLElement>('[data-remove]') ?? [];
      (
        buttons[Math.min(index, buttons.length - 1)] ?? root?.querySelector<HTMLElement>('[data-choose]')
      )?.focus();
    });
  };

  // The library closes and focus comes back to Choose (or Replace): brought into view too, as the
  // page may have moved under the dialog (an image added above it).
  const backToChoose = () =>
    focusAfterDialogs(() => {
      const choose = document.querySelector<HTMLElement>(
        `[data-media-field="${CSS.escape(id)}"] [data-choose]`,
      );
      choose?.scrollIntoView?.({ block: 'nearest' });
      return choose;
    });

  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const full = room <= 0 && !single;
  const hint = !browse.allowed
    ? `${browse.reason ?? 'You cannot browse the media library.'} The image${single ? '' : 's'} shown here stay${single ? 's' : ''} as ${single ? 'it is' : 'they are'}.`
    : full
      ? `At most ${max} images. Remove one to add another.`
      : null;
  const describedBy = [hint ? hintId : null, errorMessage ? errorId : null].filter(Boolean).join(' ');

  return (
    <fieldset
      className={cx(fileStyles.field, styles.field)}
      data-media-field={id}
      aria-describedby={describedBy || undefined}
      data-invalid={errorMessage ? true : undefined}
    >
      <legend className={fieldStyles.label}>{label}</legend>
      {value.length > 0 ? (
        <ul className={styles.images}>
          {value.map((entry, index) => {
            const item = isMedia(entry) ? cachedMedia(entry.media_id) : null;
            const held = isMedia(entry) ? known?.get(entry.media_id) : undefined;
            const name = nameOf(entry);
            const src = item
              ? thumbnailAttributes(item, '48px').src
              : held
                ? held.url
                : isMedia(entry)
                  ? null
                  : entry.path;
            const described = item ? Boolean(item.alt?.trim() || item.decorative) : true;
            return (
              <li key={keyOf(entry)} className={styles.image}>
                {src ? (
                  <img className={fileStyles.thumb} src={src} alt="" loading="lazy" />
                ) : (
                  <span className={fileStyles.thumb} />
                )}
                <div className={styles.details}>
                  <span className={fileStyles.name} title={name}>
                    {name}
                  </span>
                  {altHere && isMedia(entry) ? (
                    <TextField
                      label={`Alt text for ${name} here`}
                      placeholder={item?.alt ?? (item?.decorative ? 'Decorative' : '')}
                      description={
                        entry.alt?.trim() || described
                          ? undefined
                          : 'No alt text yet: describe it here or in the library.'
                      }
                      value={entry.alt ?? ''}
                      maxLength={500}
                      isDisabled={isDisabled}
                      onChange={(alt) =>
                        onChange(
                          value.map((other, i) =>
                            i === index && isMedia(other)
                              ? alt === ''
                                ? { media_id: other.media_id }
                                : { media_id: other.media_id, alt }
                              : other,
                          ),
                        )
                      }
                    />
                  ) : null}
                </div>
                <IconButton
                  icon="trash"
                  label={`Remove ${name}`}
                  variant="danger"
                  size="sm"
                  data-remove
                  isDisabled={isDisabled}
                  onPress={() => remove(index)}
                />
              </li>
            );
          })}
        </ul>
      ) : null}
      <div className={fileStyles.actions}>
        <Button
          data-choose
          icon="plus"
          size="sm"
          isDisabled={isDisabled}
          disabledReason={hint}
          aria-describedby={describedBy || undefined}
          onPress={() => {
            setStatus(null);
            setPicking(true);
          }}
        >
          {single ? (value.length > 0 ? 'Replace image' : 'Choose image') : 'Choose images'}
        </Button>
        <span className={fileStyles.uploading} aria-live="polite">
          {status}
        </span>
      </div>
      {hint ? (
        <span id={hintId} className={fieldStyles.description}>
          {hint}
        </span>
      ) : null}
      {errorMessage ? (
        <span id={errorId} className={fileStyles.error}>
          {errorMessage}
        </span>
      ) : null}
      {picking ? (
        <Suspense fallback={null}>
          <MediaPicker
            isOpen={picking}
            title={single ? `Choose the ${label.toLowerCase()}` : `Choose ${label.toLowerCase()}`}
            max={single ? 1 : Math.max(1, room)}
            onClose={() => {
              setPicking(false);
              backToChoose();
            }}
            onPick={(items) => {
              setPicking(false);
              backToChoose();
              const picked = items.map((item) => ({ media_id: item.id }));
              const next = single
                ? picked.slice(0, 1)
                : [
                    ...value,
                    ...picked.filter((p) => !value.some((v) => isMedia(v) && v.media_id === p.media_id)),
                  ].slice(0, max);
              onChange(next);
              setStatus(items.length === 1 ? `Chose ${items[0]?.name}.` : `Chose ${items.length} images.`);
            }}
          />
        </Suspense>
      ) : null}
    </fieldset>
  );
}
