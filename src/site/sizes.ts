/**
 * The `sizes` of the site's pictures. Every block sits in the content column (`.site-container`
 * in theme.css: at most 72rem wide, with 1rem of padding each side), so past a 72rem viewport no
 * image shows wider than 70rem, or its share of it in a grid: a wide desktop screen asks for the
 * width the image shows at, not the screen's.
 */
const CONTAINER_REM = 72;
const COLUMN_REM = CONTAINER_REM - 2;
const COLUMN = 'calc(100vw - 2rem)';
/** Where the grids (gallery, offer cards) take their full number of columns (blocks.css). */
const GRID_FROM_REM = 48;

/** An image across the whole content column (a hero, a call to action's background). */
export const COLUMN_SIZES = `(min-width: ${CONTAINER_REM}rem) ${COLUMN_REM}rem, ${COLUMN}`;

/** An image in a grid of `columns` from 48rem wide and `narrowColumns` below. */
export function gridSizes(columns: number, narrowColumns: number): string {
  const share = (count: number) => (count === 1 ? COLUMN : `calc((100vw - 2rem) / ${count})`);
  return [
    `(min-width: ${CONTAINER_REM}rem) ${Math.ceil((COLUMN_REM / columns) * 10) / 10}rem`,
    `(min-width: ${GRID_FROM_REM}rem) ${share(columns)}`,
    share(narrowColumns),
  ].join(', ');
}

/**
 * An offer card: the cards fill rows of 17rem or more with 1.25rem between (`.site-cards`), so
 * three a row from a 55.5rem viewport, two from 37.25rem, one below.
 */
export const CARD_SIZES = [
  `(min-width: ${CONTAINER_REM}rem) ${Math.ceil(((COLUMN_REM - 2.5) / 3) * 10) / 10}rem`,
  '(min-width: 55.5rem) calc((100vw - 4.5rem) / 3)',
  '(min-width: 37.25rem) calc((100vw - 3.25rem) / 2)',
  COLUMN,
].join(', ');
