import { useState } from 'react';
import { slugify } from '@/shared/slug';

export interface SlugFromNameOptions {
  /** The slug the record has ('' for a new one). */
  initial: string;
  /**
   * A new record's slug is suggested from its name until the slug is edited (emptied, it follows
   * again); an existing record's slug is its address on the website, so renaming never moves it.
   */
  followsName: boolean;
  /**
   * Told when the name has changed the slug: the form then treats the slug as changed by the user,
   * so an error about the old slug (a taken slug the server named) goes with it.
   */
  onSlugChanged: () => void;
}

/** The slug field of a form whose slug may follow its name: the brand and dealership forms. */
export function useSlugFromName({ initial, followsName, onSlugChanged }: SlugFromNameOptions) {
  const [slug, setSlug] = useState(initial);
  const [following, setFollowing] = useState(followsName && initial.trim() === '');
  return {
    slug,
    /** For the name field's onChange. */
    onNameChange: (name: string) => {
      if (!following) return;
      const next = slugify(name);
      if (next === slug) return;
      setSlug(next);
      onSlugChanged();
    },
    /** For the slug field's onChange. */
    onSlugChange: (value: string) => {
      setSlug(value);
      setFollowing(followsName && value.trim() === '');
    },
  };
}
