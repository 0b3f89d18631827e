import type { MediaUse } from '@/api/contract/media';

/** '1 place', '2 places'; '2 more places' after a list. */
const places = (n: number, more = false) => `${n} ${more ? 'more ' : ''}${n === 1 ? 'place' : 'places'}`;

/**
 * Where an item is used, as the signed-in user may see it: each record they can open, linked, and
 * how many more places use it beyond their role or scope, counted but not named (the server never
 * sends those). The bin's "delete forever" still counts every one.
 */
export function MediaUses({ uses, hidden }: { uses: MediaUse[]; hidden: number }) {
  if (uses.length === 0) {
    return <p>{hidden > 0 ? `Used in ${places(hidden)} outside your reach.` : 'Not used anywhere.'}</p>;
  }
  return (
    <ul>
      {uses.map((use) => (
        <li key={`${use.area}-${use.id}`}>
          <a href={use.url}>{use.name}</a> ({use.area})
        </li>
      ))}
      {hidden > 0 ? <li>and {places(hidden, true)} outside your reach</li> : null}
    </ul>
  );
}
